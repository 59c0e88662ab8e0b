import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildAsyncApi } from '@dealflow/contracts';
import { findFreePort, waitForPort } from './ports.js';

export interface Broker {
  /** Value for KAFKA_BROKERS. */
  brokers: string;
  port: number;
  /** Stops the broker process (its data is in memory: a restarted broker is empty). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same topics. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** SIGKILLs the broker process, as a crash would: everything it held in memory, acknowledged or not, is gone. */
  kill(): Promise<void>;
  /**
   * Freezes the broker process (SIGSTOP) for `ms`, then lets it go on (SIGCONT): a broker that stops answering
   * and comes back with its data, as a real Kafka does after an outage (a restart of this one loses its log).
   */
  pause(ms: number): Promise<void>;
}

export interface BrokerOptions {
  port?: number;
  partitions?: number;
  /** Pipe the broker's log to this process's stderr. */
  verbose?: boolean;
}

/** Path of the Kafka-protocol broker binary that the go-mokapi npm package ships. */
export function mokapiBinary(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@go-mokapi/linux-x64/package.json');
  return join(dirname(pkg), 'bin', 'mokapi');
}

/**
 * Starts the Kafka-protocol broker of `go-mokapi` with the AsyncAPI document built from the contracts:
 * every topic declared with its partitions, payloads validated against the event schemas. Its HTTP
 * ports are its own (it would otherwise take 8080) and its search index is off (STACK-NOTES.md).
 */
export async function startBroker(options: BrokerOptions = {}): Promise<Broker> {
  const port = options.port ?? (await findFreePort());
  const dir = mkdtempSync(join(tmpdir(), 'dealflow-broker-'));
  const file = join(dir, 'asyncapi.json');
  writeFileSync(
    file,
    JSON.stringify(buildAsyncApi({ host: `127.0.0.1:${port}`, partitions: options.partitions })),
  );
  let child: ChildProcess | null = null;

  const start = async () => {
    const [apiPort, healthPort, mcpPort] = [await findFreePort(), await findFreePort(), await findFreePort()];
    child = spawn(
      mokapiBinary(),
      [
        `--providers-file-filename=${file}`,
        `--api-port=${apiPort}`,
        `--health-port=${healthPort}`,
        `--mcp-server-port=${mcpPort}`,
        '--mcp-server-enabled=false',
        '--api-search-enabled=false',
        '--api-dashboard=false',
        `--log-level=${options.verbose ? 'info' : 'error'}`,
      ],
      {
        stdio: ['ignore', options.verbose ? 'inherit' : 'ignore', options.verbose ? 'inherit' : 'ignore'],
        cwd: dir,
        // One OS thread for the broker's goroutines: its stored records share a read cursor, and two fetches
        // encoding the same record in parallel put damaged bytes on the wire (README, "The local broker").
        // One thread makes that interleaving rare (measured: no more kafkajs decode crashes); consumers check
        // each value's digest and fetch a damaged one again (service-kit `delivery.ts`).
        env: { ...process.env, GOMAXPROCS: '1' },
      },
    );
    const exited = new Promise<never>((_, reject) =>
      child?.once('exit', (code) => reject(new Error(`Kafka-protocol broker exited with code ${code}`))),
    );
    exited.catch(() => undefined);
    await Promise.race([waitForPort(port), exited]);
  };

  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill(signal);
      setTimeout(() => running.kill('SIGKILL'), 3000).unref();
    });
  };

  const pause = async (ms: number) => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, ms));
    running.kill('SIGCONT');
  };

  await start();
  process.once('exit', () => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    brokers: `127.0.0.1:${port}`,
    port,
    start,
    stop: () => stop(),
    kill: () => stop('SIGKILL'),
    pause,
    restart: async () => {
      await stop();
      await start();
    },
  };
}
