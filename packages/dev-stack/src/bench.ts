import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILTIN_SECTIONS } from './bench-sections.js';
import type { BenchFigure, BenchSection } from './bench-types.js';
import { REPO_ROOT } from './paths.js';
import { startStack } from './stack.js';

/**
 * `npm run bench`: starts the stack (fresh databases and broker, loopback only), runs every section in
 * turn and prints each figure next to its target. Sections: the built-in ones (hello world, current user,
 * outbox latency, shell size) and `sections` exported by `<workspace>/dist/bench.js` of the services.
 * Bounded by BENCH_BUDGET_MS (default 170 s).
 */
const budgetMs = Number(process.env.BENCH_BUDGET_MS ?? 170_000);
const started = Date.now();
const remainingMs = () => budgetMs - (Date.now() - started);
const log = (line: string) => process.stderr.write(line + '\n');

async function discoverSections(): Promise<BenchSection[]> {
  const sections: BenchSection[] = [];
  for (const workspace of ['svc-identity', 'svc-billing', 'svc-ingest', 'svc-crm', 'gateway']) {
    const file = join(REPO_ROOT, workspace, 'dist', 'bench.js');
    if (!existsSync(file)) continue;
    try {
      const module = (await import(pathToFileURL(file).href)) as { sections?: BenchSection[] };
      sections.push(...(module.sections ?? []));
    } catch (error) {
      log(`[bench] ${workspace}/dist/bench.js could not be loaded: ${(error as Error).message}`);
    }
  }
  return sections;
}

function printTable(rows: Array<{ section: string } & BenchFigure>) {
  const widths = [0, 0, 0];
  const cells = rows.map((row) => [
    row.section,
    row.label,
    row.value,
    row.target
      ? `${row.target} ${row.ok === null || row.ok === undefined ? '' : row.ok ? 'MET' : 'MISSED'}`
      : '',
  ]);
  for (const cell of cells)
    for (let i = 0; i < 3; i += 1) widths[i] = Math.max(widths[i] ?? 0, (cell[i] ?? '').length);
  const line = (cell: string[]) =>
    `${(cell[0] ?? '').padEnd(widths[0] ?? 0)}  ${(cell[1] ?? '').padEnd(widths[1] ?? 0)}  ${(cell[2] ?? '').padEnd(widths[2] ?? 0)}  ${cell[3] ?? ''}`.trimEnd();
  console.log(line(['section', 'figure', 'measured', 'target']));
  console.log('-'.repeat((widths[0] ?? 0) + (widths[1] ?? 0) + (widths[2] ?? 0) + 20));
  let previous = '';
  for (const cell of cells) {
    console.log(
      line([cell[0] === previous ? '' : (cell[0] ?? ''), cell[1] ?? '', cell[2] ?? '', cell[3] ?? '']),
    );
    previous = cell[0] ?? '';
  }
}

log('[bench] starting the stack (fresh databases, fresh broker, loopback only)...');
const stack = await startStack({
  ports: 'free',
  publicHost: '127.0.0.1',
  databases: 'fresh',
  broker: 'fresh',
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  log,
  // The bench measures the gateway with its limiter on, but far above the load it sends.
  serviceEnv: { gateway: { RATE_LIMIT_MAX: '1000000000', RATE_LIMIT_AUTH_MAX: '1000000' } },
  env: { BENCH: '1' },
});
log(`[bench] stack ready at ${stack.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const rows: Array<{ section: string } & BenchFigure> = [];
let exitCode = 0;
try {
  // BENCH_ONLY=hello,auth/me runs only the sections whose name contains one of the words.
  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  const sections = [...BUILTIN_SECTIONS, ...(await discoverSections())].filter(
    (section) => !only.length || only.some((word) => section.name.toLowerCase().includes(word)),
  );
  for (const section of sections) {
    if (remainingMs() < 10_000) {
      rows.push({ section: section.name, label: 'skipped', value: 'time budget spent' });
      continue;
    }
    log(`[bench] ${section.name}...`);
    try {
      const figures = await section.run({ stack, remainingMs, log });
      for (const figure of figures) rows.push({ section: section.name, ...figure });
    } catch (error) {
      rows.push({ section: section.name, label: 'failed', value: (error as Error).message.slice(0, 160) });
    }
  }
} catch (error) {
  log(`[bench] ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await stack.stop();
}
console.log(
  `\nDealflow bench (${new Date().toISOString()}, ${((Date.now() - started) / 1000).toFixed(0)} s, Node ${process.version})\n`,
);
printTable(rows);
process.exit(exitCode);
