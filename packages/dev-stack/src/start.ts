import { startStack } from './stack.js';

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

process.stdout.write(`\n  Dealflow is running at ${stack.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops it)\n\n`);

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
