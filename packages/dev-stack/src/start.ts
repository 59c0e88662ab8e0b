import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';
import { startStack } from './stack.js';

/** A root `.env` (git-ignored; see .env.example) fills variables the shell did not set. Empty values are skipped. */
function loadDotEnv(file: string) {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1] || !match[2] || process.env[match[1]] !== undefined) continue;
    process.env[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2').replace(/\\n/g, '\n');
  }
}
loadDotEnv(join(REPO_ROOT, '.env'));

/**
 * `npm start`: the whole product on this machine (see the root README). Ctrl-C (SIGINT) or SIGTERM stops
 * every process it started; the data stays in .data/ for the next run.
 */
const started = Date.now();
process.stderr.write('Starting Dealflow (database, broker, services, gateway)...\n');
let stack: Awaited<ReturnType<typeof startStack>>;
try {
  stack = await startStack({ ports: 'fixed', databases: 'persistent', broker: 'auto', redis: 'auto' });
} catch (error) {
  process.stderr.write(`\nDealflow did not start: ${(error as Error).message}\n`);
  process.exit(1);
}

process.stdout.write(
  `\n  Dealflow is running at ${stack.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops it)\n\n`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write('\nStopping Dealflow...\n');
    stack.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
