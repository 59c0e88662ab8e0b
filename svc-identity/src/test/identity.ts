import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Service } from '@dealflow/service-kit';
import {
  createTestIdentityKeys,
  startServiceForTest,
  type TServiceTestOptions,
} from '@dealflow/service-kit/testing';
import { loadServiceConfig, type TConfig } from '../config.js';
import type { TIdentityDeps } from '../deps.js';
import { buildApp } from '../app.js';

export interface TOutboxEmail {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * svc-identity through the kit's startServiceForTest (fresh database, real migrations), signing with a
 * key pair of its own (identity holds the private key), emails to a temporary outbox folder. No broker
 * unless asked: only the consumer tests need one.
 */
export async function startIdentity(
  env: Record<string, string> = {},
  options: Pick<TServiceTestOptions<TConfig, Service<TConfig, TIdentityDeps>>, 'broker' | 'collect'> = {},
) {
  const keys = createTestIdentityKeys();
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'identity-outbox-'));
  const t = await startServiceForTest({
    name: 'identity',
    loadConfig: loadServiceConfig,
    build: buildApp,
    broker: options.broker ?? false,
    collect: options.collect,
    env: {
      IDENTITY_JWT_PRIVATE_KEY: keys.privateKeyPem,
      IDENTITY_JWT_PUBLIC_KEY: keys.publicKeyPem,
      MAIL_OUTBOX_DIR: outboxDir,
      ...env,
    },
  });
  const readOutbox = async (): Promise<TOutboxEmail[]> => {
    const files = (await readdir(outboxDir).catch(() => [])).sort();
    return Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir, f), 'utf8')) as TOutboxEmail),
    );
  };
  return {
    ...t,
    keys,
    readOutbox,
    async stop() {
      await t.stop();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}
export type TIdentityTest = Awaited<ReturnType<typeof startIdentity>>;
