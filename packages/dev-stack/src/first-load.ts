// `npm run size`: what a first visit costs, measured as a visitor's browser sees it (issue 25 item 4).
// Starts the stack as `npm start` does (fresh databases, a broker of its own, no Redis), opens each public page
// in a fresh Chromium context through the gateway and sums, for every request the page made until the network
// was idle: the bodies as transferred (compressed bytes on the wire, Playwright's `responseBodySize`), the
// response headers, and the number of requests. Console errors of the page are counted too: a signed-out page
// should log none. Prints one line per page with its targets; `--strict` exits 1 when one is missed.
import { chromium, type Request } from 'playwright-core';
import { startStack } from './stack.js';

interface TPageTarget {
  path: string;
  /** KB of bodies as transferred. */
  bodiesKb: number;
  requests: number;
}

const PAGES: readonly TPageTarget[] = [
  { path: '/', bodiesKb: 110, requests: 15 },
  { path: '/login', bodiesKb: 130, requests: 15 },
];

interface TMeasured {
  bodies: number;
  headers: number;
  requests: number;
  consoleErrors: string[];
  rows: string[];
}

async function measure(baseUrl: string, target: TPageTarget): Promise<TMeasured> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    const finished: Request[] = [];
    const consoleErrors: string[] = [];
    page.on('requestfinished', (request) => finished.push(request));
    page.on('requestfailed', (request) => finished.push(request));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(baseUrl + target.path, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    let bodies = 0;
    let headers = 0;
    const rows: string[] = [];
    for (const request of finished) {
      const sizes = await request.sizes().catch(() => null);
      const body = sizes?.responseBodySize ?? 0;
      bodies += body;
      headers += sizes?.responseHeadersSize ?? 0;
      rows.push(`    ${(body / 1024).toFixed(1).padStart(7)} KB  ${new URL(request.url()).pathname}`);
    }
    await context.close();
    return { bodies, headers, requests: finished.length, consoleErrors, rows };
  } finally {
    await browser.close();
  }
}

const stack = await startStack({
  ports: 'free',
  databases: 'fresh',
  broker: 'fresh',
  redis: 'none',
  publicHost: '127.0.0.1',
  logLevel: 'error',
});
let missed = false;
try {
  for (const target of PAGES) {
    const result = await measure(stack.url, target);
    const kb = result.bodies / 1024;
    const ok =
      kb <= target.bodiesKb && result.requests <= target.requests && result.consoleErrors.length === 0;
    missed ||= !ok;
    console.log(
      `first-load ${target.path.padEnd(7)} bodies=${kb.toFixed(1)}KB (target <= ${target.bodiesKb}) ` +
        `requests=${result.requests} (target <= ${target.requests}) headers=${(result.headers / 1024).toFixed(1)}KB ` +
        `console-errors=${result.consoleErrors.length} (target 0): ${ok ? 'met' : 'MISSED'}`,
    );
    if (process.argv.includes('--verbose')) {
      console.log(result.rows.join('\n'));
      for (const error of result.consoleErrors) console.log(`    console error: ${error}`);
    }
  }
} finally {
  await stack.stop();
}
if (missed && process.argv.includes('--strict')) process.exitCode = 1;
