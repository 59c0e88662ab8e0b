// `npm run size -w @dealflow/shell`: the first-load gzipped JavaScript of / and /login.
// Serves shell/dist and the built remotes (scripts/static-server.mjs, a signed-out visitor), opens each page
// in Debian's Chromium, waits until the network is idle, and sums the gzip -9 size of every .js file the page
// requested, read from the built files on disk (the same bytes the gateway serves).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const pages = [
  { path: '/', targetKb: 221, waitFor: 'h1' },
  { path: '/login', targetKb: 145, waitFor: 'h1' },
];

function fileFor(urlPath) {
  const remote = /^\/remotes\/([a-z-]+)\/(.*)$/.exec(urlPath);
  if (remote) return path.join(root, remote[1], 'dist', remote[2]);
  return path.join(root, 'shell', 'dist', urlPath);
}

const server = await startStaticServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
let failed = false;
try {
  for (const target of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set();
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(server.url + target.path, { waitUntil: 'networkidle' });
    await page.locator(target.waitFor).first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    let raw = 0;
    let gzip = 0;
    const rows = [];
    for (const urlPath of [...scripts].sort()) {
      const bytes = readFileSync(fileFor(urlPath));
      const gz = gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      gzip += gz;
      rows.push(`    ${(gz / 1024).toFixed(1).padStart(7)} KB  ${urlPath}`);
    }
    const kb = gzip / 1024;
    const ok = kb < target.targetKb;
    failed ||= !ok;
    console.log(
      `${target.path.padEnd(7)} first-load JS: ${kb.toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw, ${scripts.size} files)` +
        `  target < ${target.targetKb} KB: ${ok ? 'met' : 'MISSED'}`,
    );
    if (process.argv.includes('--verbose')) console.log(rows.join('\n'));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
if (failed && process.argv.includes('--strict')) process.exitCode = 1;
