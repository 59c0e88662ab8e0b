import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBroker, type Broker } from './broker.js';
import { spawnNode, waitUntilReady, type ChildService } from './children.js';
import { startEmbeddedPostgres, type EmbeddedDatabaseServer } from './embedded-postgres.js';
import { ensureKeys, generateKeys, type StackKeys } from './keys.js';
import { ensureTemplateArchive } from './template-archive.js';
import {
  GATEWAY_PORT,
  REMOTE_FOLDERS,
  REMOTE_LAYOUT,
  REPO_ROOT,
  SERVICE_LAYOUT,
  SERVICE_NAMES,
  type TRemoteFolder,
  type TStackService,
} from './paths.js';
import { createDatabase, DEFAULT_ADMIN_URL } from './postgres.js';
import { findFreePort } from './ports.js';
import { isAnswering, portOr } from './ports-extra.js';
import { startStaticServer, type StaticServer } from './static-server.js';

export interface StackOptions {
  /** Repository root (default: found from this package). */
  root?: string;
  /**
   * 'fixed': the documented ports (gateway 3000, services 4001-4004, remotes 5001-5004), each falling back
   * to a free port when taken. 'free': free ports everywhere (tests; several stacks on one machine).
   */
  ports?: 'fixed' | 'free';
  /**
   * 'persistent' (npm start): DATABASE_URL's server when set, else an embedded PostgreSQL with its data in
   * `<root>/.data/postgres`; each service's database (identity, billing, ingest, crm) created if missing.
   * 'fresh' (e2e, bench): uniquely named databases on `adminDatabaseUrl`, dropped by stop().
   */
  databases?: 'persistent' | 'fresh';
  /** Server used for 'fresh' databases (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres). */
  adminDatabaseUrl?: string;
  /** A server of its own for some services' 'fresh' database (the faults suite restarts one service's PostgreSQL). */
  serviceAdminDatabaseUrls?: Partial<Record<TStackService, string>>;
  /** 'auto': KAFKA_BROKERS when set, else a broker of our own; 'fresh': always a broker of our own. */
  broker?: 'auto' | 'fresh';
  /** 'auto': REDIS_URL when set, else 127.0.0.1:6379 if it answers; 'none': no Redis (in-process fallbacks). */
  redis?: 'auto' | 'none';
  /** The gateway's port (default: 3000 with 'fixed' ports, else a free one). */
  gatewayPort?: number;
  /** Public host of the gateway URL (default localhost; tests use 127.0.0.1). */
  publicHost?: string;
  /** Extra environment for every child (SMTP_URL, OIDC issuer...). */
  env?: Record<string, string>;
  /** Extra environment per child. */
  serviceEnv?: Partial<Record<TStackService | 'gateway', Record<string, string>>>;
  /** LOG_LEVEL of the children (default: LOG_LEVEL or 'warn'). */
  logLevel?: string;
  /** Where the children's prefixed log lines go (default stderr). */
  log?: (line: string) => void;
  /** Which services to start (default: all four; a service that is not built is skipped with a warning). */
  services?: readonly TStackService[];
  /**
   * Instances per service (default 1): each on its own port, the gateway and the other services given all
   * their URLs (they spread requests over them and fail over; see service-kit's UpstreamGroup). Tests of
   * rolling restarts and replicas use it.
   */
  replicas?: Partial<Record<TStackService, number>>;
  readyTimeoutMs?: number;
}

export interface Stack {
  /** The one URL: the gateway. */
  url: string;
  /** Each service's first instance (`url`) and all its instances (`urls`). */
  services: Partial<Record<TStackService, { url: string; urls: string[]; databaseUrl: string }>>;
  remotes: Record<TRemoteFolder, { url: string }>;
  kafkaBrokers: string;
  redisUrl: string | null;
  keys: StackKeys;
  /** Stops one remote's static server (the shell then shows its error panel) / starts it again. */
  stopRemote(folder: TRemoteFolder): Promise<void>;
  startRemote(folder: TRemoteFolder): Promise<void>;
  /** The broker (when the stack started it), to stop and restart it in tests. */
  broker: Broker | null;
  /** A service instance's process (tests signal it). */
  instance(name: TStackService, index?: number): ChildService;
  /**
   * Stops one instance (SIGTERM, drained as in a rollout; or SIGKILL) and starts it again on the same
   * port with the same environment; resolves once its /readyz answers.
   */
  restartInstance(
    name: TStackService,
    index?: number,
    options?: { signal?: 'SIGTERM' | 'SIGKILL' },
  ): Promise<void>;
  stop(): Promise<void>;
}

const defaultLog = (line: string) => process.stderr.write(line + '\n');

/**
 * Starts the whole product on this machine: database, broker, the four services, the remotes' static
 * servers and the gateway; resolves once every /readyz answers. Used by `npm start`, the e2e harness
 * and the bench. On failure everything already started is stopped again.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const root = options.root ?? REPO_ROOT;
  const log = options.log ?? defaultLog;
  const fixed = (options.ports ?? 'fixed') === 'fixed';
  const port = (preferred: number) => (fixed ? portOr(preferred) : findFreePort());
  const cleanups: Array<() => Promise<void>> = [];
  const children: ChildService[] = [];
  const killChildren = () => children.forEach((child) => child.process.kill('SIGKILL'));
  process.once('exit', killChildren);

  const stopAll = async () => {
    process.removeListener('exit', killChildren);
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => log(`[stack] while stopping: ${(error as Error).message}`));
    }
    cleanups.length = 0;
  };

  try {
    const fresh = options.databases === 'fresh';
    if (!fresh) {
      // The embedded PostgreSQL runs as the `postgres` user: it must be able to traverse .data/.
      mkdirSync(join(root, '.data'), { recursive: true });
      chmodSync(join(root, '.data'), 0o755);
    }
    const keys = fresh ? generateKeys() : ensureKeys(join(root, '.data', 'keys'));
    const dataDir = fresh ? mkdtempSync(join(tmpdir(), 'dealflow-stack-')) : join(root, '.data');
    if (fresh) cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    // ---- PostgreSQL: one database per service
    const wanted = (options.services ?? SERVICE_NAMES).filter((name) => {
      const built = existsSync(join(root, SERVICE_LAYOUT[name].dir, 'dist', 'server.js'));
      if (!built) log(`[stack] ${SERVICE_LAYOUT[name].dir} is not built (no dist/server.js): skipped`);
      return built;
    });
    const databaseUrls = {} as Record<TStackService, string>;
    if (fresh) {
      const adminUrl = options.adminDatabaseUrl ?? DEFAULT_ADMIN_URL;
      for (const name of wanted) {
        const database = await createDatabase(
          `stack_${SERVICE_LAYOUT[name].database}`,
          options.serviceAdminDatabaseUrls?.[name] ?? adminUrl,
        );
        databaseUrls[name] = database.url;
        cleanups.push(() => database.drop());
      }
    } else {
      let serverUrl: string;
      if (process.env.DATABASE_URL) {
        serverUrl = process.env.DATABASE_URL;
      } else {
        const embedded: EmbeddedDatabaseServer = await startEmbeddedPostgres({
          dataDir: join(root, '.data', 'postgres'),
          log,
        });
        cleanups.push(() => embedded.stop());
        serverUrl = embedded.serverUrl;
      }
      for (const name of wanted) {
        const url = new URL(serverUrl);
        url.pathname = `/${SERVICE_LAYOUT[name].database}`;
        const override = process.env[`${name.toUpperCase()}_DATABASE_URL`];
        // Each service creates its own database if missing (service-kit), so nothing to create here.
        databaseUrls[name] = override ?? url.toString();
      }
    }

    // ---- Kafka-protocol broker
    let broker: Broker | null = null;
    let kafkaBrokers = options.broker === 'fresh' ? undefined : process.env.KAFKA_BROKERS;
    if (!kafkaBrokers) {
      broker = await startBroker({});
      const started = broker;
      cleanups.push(() => started.stop());
      kafkaBrokers = broker.brokers;
    }

    // ---- Redis, only if one is configured or answers
    let redisUrl: string | null = null;
    if (options.redis !== 'none') {
      if (process.env.REDIS_URL) redisUrl = process.env.REDIS_URL;
      else if (await isAnswering(6379)) redisUrl = 'redis://127.0.0.1:6379';
    }

    // ---- ports and shared environment
    const gatewayPort = options.gatewayPort ?? (await port(GATEWAY_PORT));
    const publicHost = options.publicHost ?? 'localhost';
    const publicUrl = `http://${publicHost}:${gatewayPort}`;
    const servicePorts = {} as Record<TStackService, number[]>;
    for (const name of SERVICE_NAMES) {
      const count = Math.max(1, options.replicas?.[name] ?? 1);
      servicePorts[name] = [await port(SERVICE_LAYOUT[name].port)];
      for (let i = 1; i < count; i += 1) servicePorts[name].push(await findFreePort());
    }
    const urlsOf = (name: TStackService) =>
      servicePorts[name].map((servicePort) => `http://127.0.0.1:${servicePort}`);
    // The gateway and the services (billing's calls to identity) are given every instance's URL,
    // comma-separated: service-kit's UpstreamGroup spreads over them and fails over (in a cluster: one
    // Service URL each).
    const serviceUrls = Object.fromEntries(
      SERVICE_NAMES.map((name) => [SERVICE_LAYOUT[name].urlEnv, urlsOf(name).join(',')]),
    );
    const gatewayUpstreams = serviceUrls;
    const logLevel = options.logLevel ?? process.env.LOG_LEVEL ?? 'warn';
    const common: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV === 'production' ? 'production' : 'development',
      HOST: '127.0.0.1',
      LOG_LEVEL: logLevel,
      KAFKA_BROKERS: kafkaBrokers,
      REDIS_URL: redisUrl ?? '',
      IDENTITY_JWT_PUBLIC_KEY: keys.publicKeyPem,
      INTERNAL_API_TOKEN: keys.internalToken,
      PUBLIC_URL: publicUrl,
      ...serviceUrls,
      ...options.env,
    };

    // ---- remotes' static servers
    const remoteServers = {} as Record<TRemoteFolder, StaticServer>;
    for (const folder of REMOTE_FOLDERS) {
      const server = await startStaticServer(
        join(root, folder, 'dist'),
        await port(REMOTE_LAYOUT[folder].port),
      );
      remoteServers[folder] = server;
      cleanups.push(() => server.stop());
    }

    // ---- services, then the gateway
    const services: Stack['services'] = {};
    const instances = {} as Record<TStackService, ChildService[]>;
    const spawnInstance = (name: TStackService, index: number) => {
      const layout = SERVICE_LAYOUT[name];
      return spawnNode({
        name: index === 0 ? name : `${name}#${index + 1}`,
        script: 'dist/server.js',
        cwd: join(root, layout.dir),
        log,
        quiet: ['warn', 'error', 'fatal', 'silent'].includes(logLevel),
        env: {
          ...common,
          PORT: String(servicePorts[name][index]),
          DATABASE_URL: databaseUrls[name],
          DATA_DIR: join(dataDir, name),
          ...(name === 'identity'
            ? {
                IDENTITY_JWT_PRIVATE_KEY: keys.privateKeyPem,
                TWO_FACTOR_ENCRYPTION_KEY:
                  process.env.TWO_FACTOR_ENCRYPTION_KEY || keys.twoFactorEncryptionKey,
              }
            : {}),
          ...(name === 'ingest'
            ? {
                MAILBOX_ENCRYPTION_KEY: process.env.MAILBOX_ENCRYPTION_KEY || keys.mailboxEncryptionKey,
                // The operator's raw-MIME inbound route (issue 22); the other providers' proofs only when set.
                INBOUND_OPERATOR_TOKEN: process.env.INBOUND_OPERATOR_TOKEN || keys.inboundOperatorToken,
                ...Object.fromEntries(
                  [
                    'INBOUND_SENDGRID_PASSWORD',
                    'INBOUND_POSTMARK_PASSWORD',
                    'INBOUND_MAILGUN_SIGNING_KEY',
                    'INBOUND_SES_TOPIC_ARNS',
                  ].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
                ),
                // The heap flags of svc-ingest's start script: they keep its peak RSS under 300 MB (its bench).
                NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=4 --max-old-space-size=256']
                  .filter(Boolean)
                  .join(' '),
              }
            : {}),
          ...(name === 'crm'
            ? { CRM_ENCRYPTION_KEY: process.env.CRM_ENCRYPTION_KEY || keys.crmEncryptionKey }
            : {}),
          ...(name === 'billing'
            ? {
                EMBEDDED_PAYMENTS_SECRET: process.env.EMBEDDED_PAYMENTS_SECRET || keys.embeddedPaymentsSecret,
                LICENCE_SIGNING_KEY: process.env.LICENCE_SIGNING_KEY || keys.licenceSigningKey,
                TEMPLATE_STORE_DIR: templateStoreDir,
              }
            : {}),
          // Throw-away runs keep their mail outbox with their data; npm start uses identity's default (.outbox/).
          ...(name === 'identity' && fresh ? { MAIL_OUTBOX_DIR: join(dataDir, name, 'outbox') } : {}),
          ...options.serviceEnv?.[name],
        },
      });
    };
    // The licence's template archives: one store for npm start and e2e alike (.data/templates, packed once).
    const templateStoreDir = process.env.TEMPLATE_STORE_DIR || join(root, '.data', 'templates');
    if (wanted.includes('billing')) await ensureTemplateArchive(root, templateStoreDir, log);
    for (const name of wanted) {
      mkdirSync(join(dataDir, name), { recursive: true });
      instances[name] = servicePorts[name].map((_, index) => spawnInstance(name, index));
      children.push(...instances[name]);
      const urls = urlsOf(name);
      services[name] = { url: urls[0] ?? '', urls, databaseUrl: databaseUrls[name] };
    }
    // The services stop together (each: SIGTERM, SIGKILL after 10 s), after the gateway, before the broker.
    cleanups.push(async () => {
      await Promise.all(wanted.flatMap((name) => instances[name].map((child) => child.stop())));
    });
    const timeout = options.readyTimeoutMs ?? 90_000;
    await Promise.all(
      wanted.flatMap((name) =>
        instances[name].map((child, index) =>
          waitUntilReady(`${urlsOf(name)[index]}/readyz`, child, timeout),
        ),
      ),
    );
    const instanceOf = (name: TStackService, index = 0): ChildService => {
      const child = instances[name]?.[index];
      if (!child) throw new Error(`No instance ${index} of ${name} in this stack`);
      return child;
    };
    const restartInstance: Stack['restartInstance'] = async (name, index = 0, restart = {}) => {
      const old = instanceOf(name, index);
      if (restart.signal === 'SIGKILL') {
        old.process.kill('SIGKILL');
        await old.exited;
      } else await old.stop(30_000);
      const fresh = spawnInstance(name, index);
      instances[name][index] = fresh;
      children.push(fresh);
      await waitUntilReady(`${urlsOf(name)[index]}/readyz`, fresh, timeout);
    };

    const gateway = spawnNode({
      name: 'gateway',
      script: 'dist/server.js',
      cwd: join(root, 'gateway'),
      log,
      env: {
        ...common,
        HOST: publicHost === 'localhost' ? 'localhost' : '127.0.0.1',
        PORT: String(gatewayPort),
        SHELL_DIST: join(root, 'shell', 'dist'),
        ...gatewayUpstreams,
        ...Object.fromEntries(
          REMOTE_FOLDERS.map((folder) => [REMOTE_LAYOUT[folder].urlEnv, remoteServers[folder].url]),
        ),
        ...options.serviceEnv?.gateway,
      },
    });
    children.push(gateway);
    // The gateway stops first (cleanups run in reverse): no request reaches a stopping service.
    cleanups.push(() => gateway.stop());
    await waitUntilReady(`http://127.0.0.1:${gatewayPort}/readyz`, gateway, timeout);

    return {
      url: publicUrl,
      services,
      remotes: Object.fromEntries(
        REMOTE_FOLDERS.map((folder) => [folder, { url: remoteServers[folder].url }]),
      ) as Stack['remotes'],
      kafkaBrokers,
      redisUrl,
      keys,
      broker,
      instance: instanceOf,
      restartInstance,
      stopRemote: (folder) => remoteServers[folder].stop(),
      startRemote: (folder) => remoteServers[folder].start(),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
