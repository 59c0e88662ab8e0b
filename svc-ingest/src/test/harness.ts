import { randomBytes, randomUUID } from 'node:crypto';
import { Topics, type TEventPayload, type TTopic } from '@dealflow/contracts';
import type { Service } from '@dealflow/service-kit';
import {
  createTestDatabase,
  createTestIdentityKeys,
  startTestBroker,
  waitFor,
} from '@dealflow/service-kit/testing';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { buildApp } from '../app.js';
import { loadServiceConfig, type TConfig } from '../config.js';
import type { TExtractor } from '../extraction/extractor.js';
import { sql } from '../repositories/sql.js';

export interface THarness {
  svc: Service<TConfig>;
  config: TConfig;
  /** x-identity-token headers for a user of an organization. */
  headers(orgId: number, role?: 'owner' | 'member', userId?: number): Record<string, string>;
  publish<T extends TTopic>(topic: T, data: TEventPayload<T>, id?: string): Promise<string>;
  /** Creates the organization through identity's event and waits until ingest has its inbound address. */
  createOrganization(
    orgId: number,
    options?: { plan?: 'free' | 'basic' | 'pro'; monthlyDeckLimit?: number },
  ): Promise<{ address: string; secret: string }>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startHarness(
  options: { env?: Record<string, string>; extractor?: TExtractor } = {},
): Promise<THarness> {
  const db = await createTestDatabase('ingest');
  const broker = await startTestBroker();
  const keys = createTestIdentityKeys();
  const config = loadServiceConfig({
    DATABASE_URL: db.url,
    KAFKA_BROKERS: broker.brokers,
    IDENTITY_JWT_PUBLIC_KEY: keys.publicKeyPem,
    INTERNAL_API_TOKEN: 'internal-test-token',
    LOG_LEVEL: process.env.INGEST_TEST_LOG ?? 'silent',
    OUTBOX_POLL_MS: '50',
    MAILBOX_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    INBOUND_MAIL_DOMAIN: 'in.test',
    ...options.env,
  });
  const svc = await buildApp(config, { extractor: options.extractor });
  await svc.startWorkers();
  const kafka = new Kafka({ clientId: 'ingest-test', brokers: [broker.brokers], logLevel: logLevel.NOTHING });
  const producer: Producer = kafka.producer();
  await producer.connect();

  const harness: THarness = {
    svc,
    config,
    headers: (orgId, role = 'owner', userId = orgId * 100) => ({
      'x-identity-token': keys.sign({
        sub: String(userId),
        org: orgId,
        role,
        email: `user${userId}@fund.test`,
        name: `User ${userId}`,
        sid: 'sid',
      }),
    }),
    async publish(topic, data, id = randomUUID()) {
      const orgId = String((data as { orgId?: number | null }).orgId ?? '0');
      await producer.send({
        topic,
        messages: [
          {
            key: orgId,
            value: JSON.stringify({
              id,
              type: topic,
              version: 1,
              occurredAt: new Date().toISOString(),
              orgId,
              data,
            }),
          },
        ],
      });
      return id;
    },
    async createOrganization(orgId, opts = {}) {
      await harness.publish(Topics.organizationCreated, {
        orgId,
        name: `Fund ${orgId} Capital`,
        ownerId: orgId * 100,
        ownerEmail: `owner${orgId}@fund.test`,
        ownerName: `Owner ${orgId}`,
        plan: opts.plan ?? 'basic',
        billingCycle: 'monthly',
        memberCount: 1,
      });
      if (opts.plan || opts.monthlyDeckLimit !== undefined) {
        await harness.publish(Topics.subscriptionChanged, {
          orgId,
          plan: opts.plan ?? 'basic',
          billingCycle: 'monthly',
          status: 'active',
          seats: 1,
          trialEndsAt: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          stripeCustomerId: null,
          stripeSubscriptionId: null,
          monthlyDeckLimit: opts.monthlyDeckLimit ?? 100,
        });
      }
      const row = await waitFor(
        async () => {
          const res = await svc.app.inject({
            method: 'GET',
            url: `/internal/organizations/${orgId}/inbound`,
            headers: { 'x-internal-token': 'internal-test-token' },
          });
          if (res.statusCode !== 200) return null;
          if (opts.plan) {
            const [org] = await harness.query<{ plan: string }>(
              'SELECT plan FROM organizations WHERE id = ?',
              [orgId],
            );
            if (org?.plan !== opts.plan) return null;
          }
          return res.json() as { inboundAddress: string; webhookSecret: string };
        },
        { timeoutMs: 30_000 },
      );
      return { address: row!.inboundAddress, secret: row!.webhookSecret };
    },
    query: (text, params = []) => sql(svc.ctx.orm.em.fork(), text, params),
    async stop() {
      await producer.disconnect().catch(() => undefined);
      await svc.stop();
      await broker.stop();
      await db.drop();
    },
  };
  return harness;
}

/** A counting wrapper: how many extractions really ran. */
export function countingExtractor(inner: TExtractor): TExtractor & { calls: number } {
  const counting = {
    name: inner.name,
    calls: 0,
    async extract(input: Parameters<TExtractor['extract']>[0]) {
      counting.calls++;
      return inner.extract(input);
    },
  };
  return counting;
}
