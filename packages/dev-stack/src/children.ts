import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** One pino JSON line as `LEVEL message {err}`; anything else unchanged. */
export function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as {
      level?: number;
      msg?: string;
      err?: { message?: string; stack?: string };
      reqId?: string;
    };
    const level = LEVELS[entry.level ?? 30] ?? String(entry.level);
    const error = entry.err?.stack ?? entry.err?.message;
    return `${level} ${entry.msg ?? ''}${entry.reqId ? ` (req ${entry.reqId})` : ''}${error ? `\n${error}` : ''}`;
  } catch {
    return line;
  }
}

export interface ChildService {
  name: string;
  process: ChildProcess;
  /** The last log lines (for error messages when it dies early). */
  recentLogs(): string[];
  exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<void>;
}

/** Starts `node <script>` in `cwd`, its output prefixed with `[name]` and sent to `log`. */
export function spawnNode(options: {
  name: string;
  script: string;
  cwd: string;
  env: Record<string, string | undefined>;
  log: (line: string) => void;
  /** Drop MikroORM's plain-text migrator progress lines (LOG_LEVEL warn and above). */
  quiet?: boolean;
}): ChildService {
  // With an OTLP endpoint the SDK is preloaded, before the service imports what it instruments.
  const tracing = Boolean(options.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
  const preload = tracing ? ['--import=@dealflow/service-kit/otel'] : [];
  const env = tracing ? { OTEL_SERVICE_NAME: options.name, ...options.env } : options.env;
  const child = spawn(process.execPath, ['--enable-source-maps', ...preload, options.script], {
    cwd: options.cwd,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a terminal's Ctrl-C reaches only the stack, which stops children in order.
    detached: true,
  });
  const recent: string[] = [];
  const prefix = `[${options.name}]`;
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      recent.push(line);
      if (recent.length > 40) recent.shift();
      if (options.quiet && line.includes('[migrator]')) return;
      const text = formatLogLine(line);
      for (const part of text.split('\n')) options.log(`${prefix} ${part}`);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name: options.name,
    process: child,
    recentLogs: () => [...recent],
    exited,
    stop: async (timeoutMs = 10_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves when GET url answers 200; rejects when the child exits first or the time is up. */
export async function waitUntilReady(
  url: string,
  child: ChildService | null,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child?.exited.then((code) => (exitCode = code));
  let lastError = '';
  for (;;) {
    if (exitCode !== undefined && child) {
      throw new Error(
        `${child.name} exited (code ${exitCode}) before it was ready. Its last lines:\n  ${child.recentLogs().slice(-15).join('\n  ')}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
      lastError = `${response.status} ${await response.text()}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${child?.name ?? url} was not ready within ${timeoutMs} ms (${url}: ${lastError.slice(0, 300)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
