import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBaseConfig, loadConfig, ConfigError } from './config.js';
import { kafkaConnectionOptions } from './kafka-options.js';
import { createService } from './service.js';
import { startServiceForTest, type TServiceTest } from './testing/index.js';

const loadTestConfig = (env: Record<string, string>) => loadConfig(ZBaseConfig, env);
const build = (config: ReturnType<typeof loadTestConfig>) =>
  createService({
    name: 'kit_ready',
    config,
    entities: [],
    migrations: [],
    deps: () => ({}),
    routes: () => {},
  });

let t: TServiceTest<ReturnType<typeof loadTestConfig>, Awaited<ReturnType<typeof build>>>;
beforeAll(async () => {
  // A broker address where nothing listens, and no workers: as if Kafka were down when the pod starts.
  t = await startServiceForTest({
    name: 'kit_ready',
    loadConfig: loadTestConfig,
    build,
    broker: false,
    env: { KAFKA_BROKERS: '127.0.0.1:1' },
  });
}, 30_000);
afterAll(() => t?.stop());

describe('readiness', () => {
  it('reports the broker but stays ready without it (the outbox keeps accepting writes)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: true, broker: false } });
  });

  it('answers 503 draining from SIGTERM on, while requests are still served', async () => {
    t.svc.drain();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('draining');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('Kafka TLS and SASL from the config', () => {
  const config = (env: Record<string, string>) => loadConfig(ZBaseConfig, env);
  it('is plain by default', () => {
    expect(kafkaConnectionOptions(config({}))).toEqual({});
  });
  it("takes Strimzi's TLS listener with its cluster CA and a SCRAM-SHA-512 user", () => {
    const options = kafkaConnectionOptions(
      config({
        KAFKA_TLS: 'true',
        KAFKA_TLS_CA: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'svc-billing',
        KAFKA_SASL_PASSWORD: 'secret-password',
      }),
    );
    expect(options.ssl).toEqual({
      ca: [expect.stringContaining('BEGIN CERTIFICATE')],
      rejectUnauthorized: true,
    });
    expect(options.sasl).toEqual({
      mechanism: 'scram-sha-512',
      username: 'svc-billing',
      password: 'secret-password',
    });
  });
  it('refuses a mechanism without credentials, naming the variable', () => {
    expect(() => kafkaConnectionOptions(config({ KAFKA_SASL_MECHANISM: 'scram-sha-512' }))).toThrow(
      ConfigError,
    );
    expect(() => kafkaConnectionOptions(config({ KAFKA_SASL_MECHANISM: 'scram-sha-512' }))).toThrow(
      /KAFKA_SASL_USERNAME: required/,
    );
  });
  it('refuses an unknown mechanism at boot', () => {
    expect(() => config({ KAFKA_SASL_MECHANISM: 'gssapi' })).toThrow(/KAFKA_SASL_MECHANISM/);
  });
});
