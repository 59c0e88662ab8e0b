import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The licence's template archive for `npm start` and e2e (issue 20): when the local store has no version yet,
 * svc-billing's pack CLI (`npm run template:pack`) packs the repository's newest `v*` tag, or HEAD, so a fresh
 * start has a download. Outside a git repository (an unpacked template) it says so and the stack goes on.
 */
export async function ensureTemplateArchive(root: string, storeDir: string, log: (line: string) => void) {
  const cli = join(root, 'svc-billing', 'dist', 'template-pack.js');
  if (existsSync(join(storeDir, 'manifest.json')) || !existsSync(cli)) return;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [cli, '--if-empty', '--repo', root], {
      cwd: root,
      env: { ...process.env, TEMPLATE_STORE_DIR: storeDir },
      timeout: 120_000,
    });
    log(`[stack] ${stdout.trim()}`);
  } catch (error) {
    log(
      `[stack] no template archive packed (${(error as Error).message.split('\n')[0]}): downloads stay empty`,
    );
  }
}
