import { createDatabase, startBroker, type Broker } from '@dealflow/dev-stack';

/** A fresh database on the machine's PostgreSQL (TEST_DATABASE_URL); drop() removes it. */
export const createTestDatabase = (prefix: string) => createDatabase(`t_${prefix}`);

/** A Kafka-protocol broker of its own for one test file, with every topic of the contracts. */
export const startTestBroker = (): Promise<Broker> => startBroker();

export { createTestIdentityKeys } from './keys.js';
export { waitFor } from './wait-for.js';
export { buildEnvelope, createTestEventBus, type TTestEventBus } from './event-bus.js';
export {
  startServiceForTest,
  TEST_INTERNAL_TOKEN,
  TEST_PUBLIC_URL,
  type TServiceTest,
  type TServiceTestOptions,
  type TTestActor,
} from './service-test.js';
export { startTestTelemetry, SpanKind, type ReadableSpan } from './telemetry.js';
