import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packTemplate } from './pack-template.js';
import { createLocalTemplateStore } from './template-store.js';

let root: string;
let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=T', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
const write = (path: string, text: string) => {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
};
const filesIn = (archive: string) =>
  execFileSync('tar', ['tzf', archive], { encoding: 'utf8' }).split('\n').filter(Boolean);

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'template-pack-test-'));
  repo = join(root, 'repo');
  mkdirSync(repo);
  git('init', '-q');
  // The project's own rules (the repository's .gitattributes), and everything they keep out, committed.
  writeFileSync(
    join(repo, '.gitattributes'),
    readFileSync(new URL('../../../.gitattributes', import.meta.url)),
  );
  write('README.md', 'v1\n');
  write('.env.example', 'PORT=3000\n');
  for (const secret of [
    '.env',
    '.env.local',
    'svc/.env.production',
    'keys/server.pem',
    '.data/pg/file',
    '.ci/output/log',
  ])
    write(secret, 'secret\n');
  git('add', '-A', '-f');
  git('commit', '-q', '-m', 'one');
  git('tag', 'v1.0.0');
  write('README.md', 'v1.2\n');
  git('commit', '-q', '-am', 'two');
  git('tag', 'v1.2.0');
  write('README.md', 'unreleased\n');
  git('commit', '-q', '-am', 'three');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('npm run template:pack (issue 20, item 8)', () => {
  it('packs the newest v* tag with git archive, without secrets or .data, into the store with its sha256', async () => {
    const store = createLocalTemplateStore(join(root, 'store'));
    const entry = await packTemplate(repo, store);
    expect(entry).toMatchObject({ version: '1.2.0', key: 'dealflow-template-1.2.0.tar.gz' });
    const archive = join(root, 'store', entry.key);
    const bytes = readFileSync(archive);
    expect(entry.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(entry.size).toBe(bytes.length);
    // Files only (git archive keeps the emptied folders keys/ and svc/).
    expect(
      filesIn(archive)
        .filter((f) => !f.endsWith('/'))
        .sort(),
    ).toEqual(
      [
        'dealflow-template-1.2.0/.env.example',
        'dealflow-template-1.2.0/.gitattributes',
        'dealflow-template-1.2.0/README.md',
      ].sort(),
    );
    const readme = execFileSync('tar', ['xzOf', archive, 'dealflow-template-1.2.0/README.md'], {
      encoding: 'utf8',
    });
    expect(readme).toBe('v1.2\n');
    expect(await store.list()).toEqual([entry]);
    expect(Buffer.concat(await (await store.open(entry)).toArray())).toEqual(bytes);
  });

  it('packs the tag it is given; the manifest lists both, newest release first; HEAD when there is no tag', async () => {
    const store = createLocalTemplateStore(join(root, 'store'));
    const older = await packTemplate(repo, store, { ref: 'v1.0.0' });
    expect(older.version).toBe('1.0.0');
    expect((await store.list()).map((v) => v.version)).toEqual(['1.2.0', '1.0.0']);

    const untagged = join(root, 'untagged');
    execFileSync('git', ['clone', '-q', '--no-tags', repo, untagged]);
    const head = await packTemplate(untagged, createLocalTemplateStore(join(root, 'store-head')));
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: untagged, encoding: 'utf8' }).trim();
    expect(head.version).toBe(`0.0.0-${commit.slice(0, 12)}`);
  });
});
