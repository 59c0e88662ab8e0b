import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths.js';

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
