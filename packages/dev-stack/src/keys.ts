import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StackKeys {
  /** ES256 (P-256) key pair: identity signs the x-identity-token JWT, everyone verifies it. */
  privateKeyPem: string;
  publicKeyPem: string;
  /** INTERNAL_API_TOKEN shared by the services and the gateway. */
  internalToken: string;
}

export function generateKeys(): StackKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    internalToken: randomBytes(24).toString('base64url'),
  };
}

/** Keys generated once and kept in `dir` (git-ignored `.data/keys`), so sessions survive a restart. */
export function ensureKeys(dir: string): StackKeys {
  const files = {
    privateKeyPem: join(dir, 'identity-jwt.key.pem'),
    publicKeyPem: join(dir, 'identity-jwt.pub.pem'),
    internalToken: join(dir, 'internal-api-token'),
  };
  if (Object.values(files).every((file) => existsSync(file))) {
    return {
      privateKeyPem: readFileSync(files.privateKeyPem, 'utf8'),
      publicKeyPem: readFileSync(files.publicKeyPem, 'utf8'),
      internalToken: readFileSync(files.internalToken, 'utf8').trim(),
    };
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = generateKeys();
  writeFileSync(files.privateKeyPem, keys.privateKeyPem, { mode: 0o600 });
  writeFileSync(files.publicKeyPem, keys.publicKeyPem);
  writeFileSync(files.internalToken, keys.internalToken + '\n', { mode: 0o600 });
  return keys;
}
