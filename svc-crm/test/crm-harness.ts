import { createTestDatabase, createTestIdentityKeys, startTestBroker } from '@dealflow/service-kit/testing';
import type { TRole } from '@dealflow/contracts';
import { buildApp } from '../src/app.js';
import { loadServiceConfig } from '../src/config.js';
import { createTestEventBus } from '../test-support/event-bus.js';

export const PUBLIC_URL = 'http://localhost:3000';

/**
 * svc-crm as it runs: its own database with the real migrations, a broker of its own, its consumers and
 * outbox relay started, and a bus playing ingest, billing and identity.
 */
export async function startCrm(env: Record<string, string> = {}) {
  const db = await createTestDatabase('crm');
  const broker = await startTestBroker();
  const keys = createTestIdentityKeys();
  const config = loadServiceConfig({
    DATABASE_URL: db.url,
    KAFKA_BROKERS: broker.brokers,
    IDENTITY_JWT_PUBLIC_KEY: keys.publicKeyPem,
    INTERNAL_API_TOKEN: 'test-internal-token',
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_MS: '50',
    ...env,
  });
  const svc = await buildApp(config);
  await svc.startWorkers();
  const bus = await createTestEventBus(broker.brokers);
  await bus.listen(['crm.deal.created', 'crm.deal.rejected']);

  const headersFor = (orgId: number | null, role: TRole = 'owner', userId = 1) => ({
    'x-identity-token': keys.sign({
      sub: String(userId),
      org: orgId,
      role,
      email: `user${userId}@fund.example`,
      name: 'Investor',
      sid: 'sid',
    }),
  });
  return {
    svc,
    bus,
    config,
    headersFor,
    async stop() {
      await bus.stop();
      await svc.stop();
      await broker.stop();
      await db.drop();
    },
  };
}
