import { generateKeyPairSync, sign } from 'node:crypto';
import { createDatabase, startBroker, type Broker } from '@dealflow/dev-stack';
import { JWT_ISSUER, type IdentityClaims } from '../auth.js';

/** A fresh database on the machine's PostgreSQL (TEST_DATABASE_URL); drop() removes it. */
export const createTestDatabase = (prefix: string) => createDatabase(`t_${prefix}`);

/** A Kafka-protocol broker of its own for one test file, with every topic of the contracts. */
export const startTestBroker = (): Promise<Broker> => startBroker();

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

/** An ES256 key pair standing in for identity's, and a signer of x-identity-token values. */
export function createTestIdentityKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const signToken = (claims: IdentityClaims, ttlSeconds = 300) => {
    const now = Math.floor(Date.now() / 1000);
    const header = b64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }));
    const body = b64url(JSON.stringify({ ...claims, iss: JWT_ISSUER, iat: now, exp: now + ttlSeconds }));
    const signature = sign('sha256', Buffer.from(`${header}.${body}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `${header}.${body}.${b64url(signature)}`;
  };
  return { publicKeyPem, privateKeyPem, sign: signToken };
}

/** Polls until fn returns a truthy value (or stops throwing); rejects after timeoutMs. */
export async function waitFor<T>(
  fn: () => Promise<T> | T,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `waitFor timed out after ${timeoutMs} ms${lastError ? `: ${(lastError as Error).message}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
