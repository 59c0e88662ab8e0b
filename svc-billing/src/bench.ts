import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Structural twin of dev-stack's BenchSection (`npm run bench` imports `sections` from dist/bench.js). */
interface BenchFigure {
  label: string;
  value: string;
  target?: string;
  ok?: boolean | null;
}
interface BenchSection {
  name: string;
  run(context: { log(line: string): void; remainingMs(): number }): Promise<BenchFigure[]>;
}

interface TBillingBenchResult {
  webhookEvents: number;
  webhookSeconds: number;
  webhooksPerSecond: number;
  webhooksPerCpuSecond: number;
  loadAverage: number;
  seatChanges: number;
  seatChangeP50Ms: number;
  seatChangeP99Ms: number;
}

const workspace = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs test-support/bench-cli.ts in a child process: its own database and broker, the real Stripe SDK
 * against the local stand-in (billing's webhook path needs signed Stripe events, which the platform stack's
 * embedded provider does not take). Prints a JSON line that is parsed here.
 */
function runBenchChild(log: (line: string) => void, timeoutMs: number): Promise<TBillingBenchResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test-support/bench-cli.ts'], {
      cwd: workspace,
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        BILLING_BENCH_EVENTS: process.env.BILLING_BENCH_EVENTS ?? '600',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => log(`[billing bench] ${chunk.toString('utf8').trim()}`));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = out
        .trim()
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('{'));
      if (code === 0 && line) resolve(JSON.parse(line) as TBillingBenchResult);
      else reject(new Error(`billing bench exited with ${code}: ${out.slice(-500)}`));
    });
  });
}

export const sections: BenchSection[] = [
  {
    name: 'svc-billing',
    async run(context) {
      const r = await runBenchChild(context.log, Math.max(30_000, Math.min(context.remainingMs(), 120_000)));
      return [
        {
          label: `signed Stripe webhooks handled/s (${r.webhookEvents} events)`,
          value: String(r.webhooksPerSecond),
          target: '>= 200/s',
          ok: r.webhooksPerSecond >= 200,
        },
        {
          label: `same, per CPU-second of the billing process (machine load ${r.loadAverage})`,
          value: String(r.webhooksPerCpuSecond),
          target: '>= 200',
          ok: r.webhooksPerCpuSecond >= 200,
        },
        {
          label: `seat change reaches Stripe, p50 / p99 (${r.seatChanges} changes)`,
          value: `${r.seatChangeP50Ms} ms / ${r.seatChangeP99Ms} ms`,
          target: 'p99 < 1000 ms',
          ok: r.seatChangeP99Ms < 1000,
        },
      ];
    },
  },
];
