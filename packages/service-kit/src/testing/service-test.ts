import type { TRole } from '@dealflow/contracts';
import { createDatabase, startBroker, type Broker } from '@dealflow/dev-stack';
import type { TBaseConfig } from '../config.js';
import type { Service } from '../service.js';
import { createTestEventBus, type TTestEventBus } from './event-bus.js';
import { createTestIdentityKeys } from './keys.js';

export const TEST_INTERNAL_TOKEN = 'internal-test-token';
export const TEST_PUBLIC_URL = 'http://localhost:3000';

export interface TTestActor {
  userId: number;
  orgId: number | null;
  role?: TRole;
  email?: string;
  name?: string;
  /** Default true: most tests act as a verified account. */
  emailVerified?: boolean;
  /** An organization API key as the gateway presents it (identity's JWT with kind `api_key`). */
  apiKey?: { id: string; scope: 'read' | 'write' };
  /** The session's last password check or sign-in (claim `aat`); none when not given. */
  authenticatedAt?: Date;
  /** A session opened by a guest checkout's auto-login, not yet verified (claim `uv`). */
  sessionUnverified?: boolean;
}

export interface TServiceTestOptions<C extends TBaseConfig, S extends Service<C, unknown>> {
  /** Prefix of the test database's name (one fresh database per call). */
  name: string;
  /** The service's own config loader: the test environment goes through the same validation as production. */
  loadConfig: (env: Record<string, string>) => C;
  /** The service's own build (app.ts): the same wiring as `npm start`. */
  build: (config: C) => Promise<S>;
  /** Variables on top of the test defaults. */
  env?: Record<string, string>;
  /** A Kafka-protocol broker of its own, an event bus and the service's workers (default true). */
  broker?: boolean;
  /** Topics the bus collects from the start (what the service publishes). */
  collect?: Parameters<TTestEventBus['listen']>[0];
}

/**
 * One service as it runs, for an integration test file (medusa's moduleIntegrationTestRunner, immich's
 * medium tests): a fresh database on the machine's PostgreSQL with the real migrations, a broker of its
 * own with every topic of the contracts, the service's workers (outbox relay, consumers) started, an event
 * bus playing the other services, and signed x-identity-token headers standing in for the gateway.
 */
export async function startServiceForTest<C extends TBaseConfig, S extends Service<C, unknown>>(
  options: TServiceTestOptions<C, S>,
) {
  const withBroker = options.broker ?? true;
  const db = await createDatabase(`t_${options.name}`);
  let broker: Broker | null = null;
  let svc: S | null = null;
  let bus: TTestEventBus | null = null;
  const keys = createTestIdentityKeys();
  const cleanup = async () => {
    await bus?.stop();
    await svc?.stop();
    await broker?.stop();
    await db.drop();
  };
  try {
    broker = withBroker ? await startBroker() : null;
    const config = options.loadConfig({
      DATABASE_URL: db.url,
      ...(broker ? { KAFKA_BROKERS: broker.brokers } : {}),
      IDENTITY_JWT_PUBLIC_KEY: keys.publicKeyPem,
      INTERNAL_API_TOKEN: TEST_INTERNAL_TOKEN,
      PUBLIC_URL: TEST_PUBLIC_URL,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      OUTBOX_POLL_MS: '50',
      ...options.env,
    });
    svc = await options.build(config);
    if (broker) {
      await svc.startWorkers();
      bus = await createTestEventBus(broker.brokers, options.name);
      if (options.collect?.length) await bus.listen(options.collect);
    }
    const service = svc;
    return {
      svc: service,
      app: service.app,
      config,
      db,
      keys,
      /** The event bus (null when started without a broker). */
      bus,
      brokers: broker?.brokers ?? null,
      /** Headers the gateway would send for this signed-in user. */
      headers(actor: TTestActor): Record<string, string> {
        return {
          'x-identity-token': keys.sign({
            sub: String(actor.userId),
            org: actor.orgId,
            role: actor.role ?? 'owner',
            email: actor.email ?? `user${actor.userId}@fund.test`,
            name: actor.name ?? `User ${actor.userId}`,
            sid: actor.apiKey ? `api_key:${actor.apiKey.id}` : `sid-${actor.userId}`,
            ...(actor.apiKey
              ? { kind: 'api_key' as const, kid: actor.apiKey.id, scope: actor.apiKey.scope }
              : {}),
            ev: actor.emailVerified ?? true,
            ...(actor.authenticatedAt ? { aat: Math.floor(actor.authenticatedAt.getTime() / 1000) } : {}),
            ...(actor.sessionUnverified ? { uv: true } : {}),
          }),
        };
      },
      /** Headers of another service of ours calling an `internal` route. */
      internalHeaders: { 'x-internal-token': TEST_INTERNAL_TOKEN } as Record<string, string>,
      /** Raw SQL on the service's database, for assertions on what was stored. */
      async query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
        return service.ctx.orm.em.fork().getConnection().execute<T[]>(text, params);
      },
      stop: cleanup,
    };
  } catch (err) {
    await cleanup().catch(() => undefined);
    throw err;
  }
}
export type TServiceTest<C extends TBaseConfig, S extends Service<C, unknown>> = Awaited<
  ReturnType<typeof startServiceForTest<C, S>>
>;
