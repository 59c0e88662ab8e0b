import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Videos need Playwright's ffmpeg build, which we never download: Debian's ffmpeg (`apt-get install -y
 * ffmpeg`, which .ci/run does) is linked where Playwright looks for it. Without any ffmpeg, videos are off
 * (traces and screenshots still are kept on failure).
 */
function ensureFfmpeg(): boolean {
  try {
    const require = createRequire(import.meta.url);
    const browsers = JSON.parse(
      // browsers.json is not in the package's exports: found next to its main file.
      readFileSync(join(dirname(require.resolve('playwright-core')), 'browsers.json'), 'utf8'),
    ) as {
      browsers: Array<{ name: string; revision: string }>;
    };
    const revision = browsers.browsers.find((b) => b.name === 'ffmpeg')?.revision;
    if (!revision) return false;
    const root = process.env.PLAYWRIGHT_BROWSERS_PATH ?? join(homedir(), '.cache', 'ms-playwright');
    const target = join(root, `ffmpeg-${revision}`, 'ffmpeg-linux');
    if (existsSync(target)) return true;
    if (!existsSync('/usr/bin/ffmpeg')) return false;
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync('/usr/bin/ffmpeg', target);
    return true;
  } catch {
    return false;
  }
}

// Debian's chromium (never a downloaded browser). The flags keep it off the network this machine refuses
// (STACK-NOTES.md).
const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
const isCI = Boolean(process.env.CI);
// Several people may run the suite at once in one checkout: each run gets its own output folder (Playwright
// empties it at start). Set once in the runner; the workers inherit it.
process.env.E2E_RUN_ID ??= isCI ? 'ci' : new Date().toISOString().replace(/[:.]/g, '-');

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // One stack shared by every spec: one worker, specs one after another.
  workers: 1,
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  outputDir: `./test-results/${process.env.E2E_RUN_ID}`,
  use: {
    headless: true,
    trace: 'retain-on-failure',
    video: ensureFfmpeg() ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
