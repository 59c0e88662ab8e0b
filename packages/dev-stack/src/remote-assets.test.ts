import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnNode, waitUntilReady } from './children.js';
import { REPO_ROOT } from './paths.js';
import { findFreePort } from './ports.js';
import { startStaticServer } from './static-server.js';

// k8s/images/Dockerfile.remote's assets stage: a remote's image keeps the previous release's hashed
// chunks (a page loaded before the rollout asks the new pods for them), and only the previous one.
const script = join(REPO_ROOT, 'k8s', 'images', 'remote-assets.sh');
const root = mkdtempSync(join(tmpdir(), 'remote-assets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A release's dist: an entry, a manifest and two hashed chunks named after the release. */
function release(name: string, hash: string): string {
  const dir = join(root, name);
  const files: Record<string, string> = {
    'remoteEntry.js': `entry ${name}`,
    'mf-manifest.json': `{"release":"${name}"}`,
    [`static/js/100.${hash}.js`]: `chunk ${name}`,
    [`static/css/main.${hash}.css`]: `css ${name}`,
  };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}
const build = (previous: string, next: string) =>
  execFileSync('sh', [script, previous, next], { encoding: 'utf8' });

describe('remote images keep the previous release’s chunks', () => {
  it('carries release 1’s chunks into release 2, and only release 2’s into release 3', () => {
    const first = release('r1', 'aaaaaaaa');
    expect(build(join(root, 'none'), first)).toContain('2 files of this release, 0 carried');
    const second = release('r2', 'bbbbbbbb');
    expect(build(first, second)).toContain('2 files of this release, 2 carried');
    expect(readFileSync(join(second, 'static/js/100.aaaaaaaa.js'), 'utf8')).toBe('chunk r1');
    expect(readFileSync(join(second, 'static/js/100.bbbbbbbb.js'), 'utf8')).toBe('chunk r2');
    expect(readFileSync(join(second, 'remoteEntry.js'), 'utf8')).toBe('entry r2');
    expect(readFileSync(join(second, 'mf-manifest.json'), 'utf8')).toContain('r2');

    const third = release('r3', 'cccccccc');
    expect(build(second, third)).toContain('2 files of this release, 2 carried');
    expect(existsSync(join(third, 'static/js/100.bbbbbbbb.js'))).toBe(true);
    expect(existsSync(join(third, 'static/css/main.bbbbbbbb.css'))).toBe(true);
    expect(existsSync(join(third, 'static/js/100.aaaaaaaa.js'))).toBe(false);
    expect(readFileSync(join(third, '.release-assets'), 'utf8').trim().split('\n')).toEqual([
      'static/css/main.cccccccc.css',
      'static/js/100.cccccccc.js',
    ]);
  });
});

// The other half of a rollout: while old and new remote pods serve together, a page that got the NEW entry
// may ask an OLD pod for a new chunk. The gateway asks again (another instance, a new connection) before a
// 404 for a content-hashed file is passed on. Two instances of mfe-auth's static server behind the built
// gateway (gateway/dist): one with release 1 only, one with release 2 (and release 1's chunks, as its image).
describe('a remote rollout overlap behind the gateway', () => {
  it('answers 200 for a new chunk whichever instance the request lands on; the entry stays no-cache', async () => {
    const oldRelease = release('overlap-r1', '11111111');
    const newRelease = release('overlap-r2', '22222222');
    build(oldRelease, newRelease);
    const oldServer = await startStaticServer(oldRelease, await findFreePort());
    const newServer = await startStaticServer(newRelease, await findFreePort());
    const port = await findFreePort();
    const gateway = spawnNode({
      name: 'gateway',
      script: 'dist/server.js',
      cwd: join(REPO_ROOT, 'gateway'),
      log: (line) => process.stderr.write(line + '\n'),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
        METRICS_PORT: '0',
        REMOTE_MFE_AUTH_URL: `${oldServer.url},${newServer.url}`,
      },
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitUntilReady(`${base}/readyz`, gateway, 30_000);
      const get = async (file: string) => {
        const answer = await fetch(`${base}/remotes/mfe-auth/${file}`);
        return {
          status: answer.status,
          body: await answer.text(),
          cache: answer.headers.get('cache-control'),
        };
      };
      // Round-robin: half of these reach the old instance first.
      const newChunks = await Promise.all(Array.from({ length: 8 }, () => get('static/js/100.22222222.js')));
      expect(newChunks.map((chunk) => chunk.status)).toEqual(Array(8).fill(200));
      expect(new Set(newChunks.map((chunk) => chunk.body))).toEqual(new Set(['chunk overlap-r2']));
      expect(newChunks[0]?.cache).toContain('immutable');
      // Old chunks: both instances have them.
      for (let i = 0; i < 4; i += 1) expect((await get('static/css/main.11111111.css')).status).toBe(200);
      // The entry and the manifest are never cached, whichever release answered.
      for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
        const answer = await get(file);
        expect(answer.status).toBe(200);
        expect(answer.cache).toBe('no-cache');
      }
      // A chunk no release has is still a 404 once asked again.
      expect((await get('static/js/100.33333333.js')).status).toBe(404);
    } finally {
      await gateway.stop();
      await oldServer.stop();
      await newServer.stop();
    }
  }, 60_000);
});
