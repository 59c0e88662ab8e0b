/**
 * Sign-in throughput: svc-identity on its own database, real HTTP, argon2id (m=19 MiB, t=2, p=1).
 * `node dist/bench.js [seconds] [concurrency]` prints a human line and a JSON line
 * (`{"bench":"identity.login",...}`) that the platform bench can parse. Target: >= 30 sign-ins/s on 2 cores.
 */
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import argon2 from 'argon2';
import { createDatabase } from '@dealflow/dev-stack';
import { loadServiceConfig } from './config.js';
import { buildApp } from './app.js';
import { ARGON2_OPTIONS } from './security/passwords.js';

export interface TLoginBenchResult {
  signInsPerSecond: number;
  total: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  durationMs: number;
  concurrency: number;
  /** argon2id verifications per second alone, same concurrency, same run: the ceiling for sign-ins. */
  argon2VerifiesPerSecond: number;
  loadAverage: number;
  /**
   * CPU time (user + system, whole process: server, argon2 threads and the HTTP client) per sign-in, and
   * what it implies on idle cores: a figure that other processes' load does not distort.
   */
  cpuMsPerSignIn: number;
  impliedSignInsPerSecondOnIdleCores: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Sign-ins per second against `baseUrl` for `users` (email, password) during `durationMs`. */
export async function measureLoginThroughput(
  baseUrl: string,
  users: { email: string; password: string }[],
  { durationMs = 10_000, concurrency = 8 } = {},
): Promise<
  Omit<
    TLoginBenchResult,
    'argon2VerifiesPerSecond' | 'loadAverage' | 'cpuMsPerSignIn' | 'impliedSignInsPerSecondOnIdleCores'
  >
> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const user = users[next++ % users.length];
        if (!user) return;
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(user),
        });
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - t0);
        else failures++;
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    signInsPerSecond: Math.round((latencies.length / elapsed) * 1000 * 10) / 10,
    total: latencies.length,
    failures,
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    durationMs: Math.round(elapsed),
    concurrency,
  };
}

/** Bare argon2id verifications per second with the production parameters (no HTTP, no database). */
async function measureArgon2(durationMs: number, concurrency: number): Promise<number> {
  const hash = await argon2.hash('bench password', ARGON2_OPTIONS);
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() - started < durationMs) {
        await argon2.verify(hash, 'bench password');
        count++;
      }
    }),
  );
  return Math.round((count / (performance.now() - started)) * 1000 * 10) / 10;
}

/** Starts svc-identity on a fresh database, registers users, measures, cleans up. */
export async function runLoginBench({
  durationMs = 10_000,
  concurrency = 8,
  userCount = 20,
} = {}): Promise<TLoginBenchResult> {
  const db = await createDatabase('bench_identity');
  const svc = await buildApp(
    loadServiceConfig({
      ...process.env,
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      PORT: '0',
      KAFKA_BROKERS: '',
      REDIS_URL: '',
    }),
  );
  try {
    const address = await svc.listen();
    const users = Array.from({ length: userCount }, (_, i) => ({
      email: `bench.${i}@example.test`,
      password: `bench password ${i}`,
    }));
    for (const user of users) {
      const res = await fetch(`${address}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...user, name: 'Bench User' }),
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
    }
    await measureLoginThroughput(address, users, { durationMs: 1_000, concurrency }); // warm-up
    const argon2VerifiesPerSecond = await measureArgon2(Math.min(durationMs, 3_000), concurrency);
    const cpuBefore = process.cpuUsage();
    const result = await measureLoginThroughput(address, users, { durationMs, concurrency });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerSignIn = result.total > 0 ? (cpu.user + cpu.system) / 1000 / result.total : 0;
    return {
      ...result,
      argon2VerifiesPerSecond,
      loadAverage: Math.round((loadavg()[0] ?? 0) * 10) / 10,
      cpuMsPerSignIn: Math.round(cpuMsPerSignIn * 10) / 10,
      impliedSignInsPerSecondOnIdleCores:
        cpuMsPerSignIn > 0 ? Math.round((availableParallelism() * 1000) / cpuMsPerSignIn) : 0,
    };
  } finally {
    await svc.stop();
    await db.drop();
  }
}

/** Structural twin of dev-stack's BenchSection (`npm run bench` loads `sections` from this file). */
interface TBenchSection {
  name: string;
  run(context: {
    stack: { url: string };
    remainingMs(): number;
    log(line: string): void;
  }): Promise<{ label: string; value: string; target?: string; ok?: boolean | null }[]>;
}

export const sections: TBenchSection[] = [
  {
    name: 'Sign-in throughput (gateway -> identity, argon2id m=19456 t=2 p=1)',
    async run(context) {
      if (context.remainingMs() < 20_000)
        return [{ label: 'skipped', value: 'not enough time left in the bench budget' }];
      const run = Date.now().toString(36);
      const users = Array.from({ length: 8 }, (_, i) => ({
        email: `bench.login.${run}.${i}@example.test`,
        password: `bench password ${i}`,
      }));
      for (const user of users) {
        const res = await fetch(`${context.stack.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...user, name: 'Bench User' }),
        });
        if (res.status !== 201) return [{ label: 'skipped', value: `register answered ${res.status}` }];
      }
      await measureLoginThroughput(context.stack.url, users, { durationMs: 1_000, concurrency: 4 });
      const argon2Rate = await measureArgon2(3_000, 4);
      const result = await measureLoginThroughput(context.stack.url, users, {
        durationMs: 8_000,
        concurrency: 4,
      });
      return [
        {
          label: 'sign-ins/s (4 concurrent, 8 s)',
          value: `${result.signInsPerSecond}`,
          target: '>= 30',
          ok: result.signInsPerSecond >= 30,
        },
        { label: 'sign-in latency p50 / p99', value: `${result.p50Ms} ms / ${result.p99Ms} ms` },
        {
          label: 'bare argon2id verifications/s, same run (the ceiling)',
          value: `${argon2Rate} (load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores)`,
        },
        { label: 'failed sign-ins', value: `${result.failures}`, target: '0', ok: result.failures === 0 },
      ];
    },
  },
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const seconds = Number(process.argv[2] ?? 10);
  const concurrency = Number(process.argv[3] ?? 8);
  const result = await runLoginBench({ durationMs: seconds * 1000, concurrency });
  const verdict = result.signInsPerSecond >= 30 ? 'meets' : 'MISSES';
  console.log(
    `identity sign-in (argon2id m=19456 t=2 p=1): ${result.signInsPerSecond} sign-ins/s (target >= 30: ${verdict}), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.total} ok, ${result.failures} failed, concurrency ${result.concurrency}; bare argon2id in the same run: ${result.argon2VerifiesPerSecond}/s; load average ${result.loadAverage} on ${availableParallelism()} cores; CPU per sign-in ${result.cpuMsPerSignIn} ms => ~${result.impliedSignInsPerSecondOnIdleCores}/s on ${availableParallelism()} idle cores`,
  );
  console.log(JSON.stringify({ bench: 'identity.login', ...result }));
}
