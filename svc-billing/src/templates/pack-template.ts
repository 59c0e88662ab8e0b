import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TemplateStore, TTemplateVersion } from './template-store.js';

const git = async (cwd: string, args: string[]) =>
  (await promisify(execFile)('git', args, { cwd, maxBuffer: 1 << 20 })).stdout.trim();

export const sha256OfFile = async (file: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** The release to pack: `ref` when given, else the newest `v*` tag (version order), else HEAD. */
export async function pickRelease(repoDir: string, ref?: string) {
  const tags = (await git(repoDir, ['tag', '--list', 'v*', '--sort=-v:refname'])).split('\n').filter(Boolean);
  const chosen = ref ?? tags[0] ?? 'HEAD';
  const commit = await git(repoDir, ['rev-parse', '--verify', `${chosen}^{commit}`]);
  const releasedAt = new Date(await git(repoDir, ['log', '-1', '--format=%cI', commit])).toISOString();
  // A tag names its version (v1.2.0 -> 1.2.0); any other ref: the commit it points at.
  const isTag = (await git(repoDir, ['tag', '--list', chosen])) === chosen;
  const version = isTag ? chosen.replace(/^v(?=\d)/, '') : `0.0.0-${commit.slice(0, 12)}`;
  return { ref: chosen, commit, version, releasedAt };
}

/**
 * `git archive` of the release as tar.gz into the store with its version, release date, sha256 and size.
 * `.gitattributes` marks what never ships (export-ignore: .data, .ci/output, *.pem, .env*); the work tree's
 * attributes apply, so an older tag is packed with today's rules too.
 */
export async function packTemplate(
  repoDir: string,
  store: TemplateStore,
  options: { ref?: string } = {},
): Promise<TTemplateVersion> {
  const release = await pickRelease(repoDir, options.ref);
  const dir = await mkdtemp(join(tmpdir(), 'template-pack-'));
  try {
    const file = join(dir, 'template.tar.gz');
    await git(repoDir, [
      'archive',
      '--format=tar.gz',
      '--worktree-attributes',
      `--prefix=dealflow-template-${release.version}/`,
      '-o',
      file,
      release.commit,
    ]);
    return await store.put(file, {
      version: release.version,
      releasedAt: release.releasedAt,
      sha256: await sha256OfFile(file),
      size: (await stat(file)).size,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
