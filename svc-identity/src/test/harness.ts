import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, createTestIdentityKeys } from '@dealflow/service-kit/testing';
import { loadServiceConfig } from '../config.js';
import { buildApp } from '../app.js';

export const INTERNAL_TOKEN = 'internal-test-token';
export const PUBLIC_URL = 'http://localhost:3000';

export interface TOutboxEmail {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** svc-identity on a fresh database of the machine's PostgreSQL, emails to a temporary outbox folder. */
export async function startIdentity(env: Record<string, string> = {}) {
  const db = await createTestDatabase('identity');
  const keys = createTestIdentityKeys();
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'identity-outbox-'));
  const config = loadServiceConfig({
    DATABASE_URL: db.url,
    IDENTITY_JWT_PRIVATE_KEY: keys.privateKeyPem,
    INTERNAL_API_TOKEN: INTERNAL_TOKEN,
    LOG_LEVEL: 'silent',
    MAIL_OUTBOX_DIR: outboxDir,
    PUBLIC_URL,
    ...env,
  });
  const svc = await buildApp(config);
  const readOutbox = async (): Promise<TOutboxEmail[]> => {
    const files = (await readdir(outboxDir).catch(() => [])).sort();
    return Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir, f), 'utf8')) as TOutboxEmail),
    );
  };
  return {
    svc,
    app: svc.app,
    config,
    keys,
    db,
    readOutbox,
    async stop() {
      await svc.stop();
      await db.drop();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}
export type TIdentityHarness = Awaited<ReturnType<typeof startIdentity>>;
