import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StackKeys {
  /** ES256 (P-256) key pair: identity signs the x-identity-token JWT, everyone verifies it. */
  privateKeyPem: string;
  publicKeyPem: string;
  /** INTERNAL_API_TOKEN shared by the services and the gateway. */
  internalToken: string;
  /** svc-ingest's MAILBOX_ENCRYPTION_KEY (32 bytes, base64): mailbox credentials encrypted at rest. */
  mailboxEncryptionKey: string;
  /** svc-ingest's INBOUND_OPERATOR_TOKEN: the operator's raw-MIME inbound route (Bearer), issue 22. */
  inboundOperatorToken: string;
  /** svc-identity's TWO_FACTOR_ENCRYPTION_KEY (32 bytes, base64): TOTP secrets encrypted at rest. */
  twoFactorEncryptionKey: string;
  /** svc-crm's CRM_ENCRYPTION_KEY (32 bytes, base64): organizations' Affinity keys sealed at rest. */
  crmEncryptionKey: string;
  /** svc-billing's EMBEDDED_PAYMENTS_SECRET: signs the local payment provider's webhooks. */
  embeddedPaymentsSecret: string;
  /** svc-billing's LICENCE_SIGNING_KEY (Ed25519, PKCS#8 PEM): signs the template licence keys. */
  licenceSigningKey: string;
}

const secret = () => randomBytes(24).toString('base64url');
const aesKey = () => randomBytes(32).toString('base64');
const ed25519Key = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim();

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export function generateKeys(): StackKeys {
  return {
    ...keyPair(),
    internalToken: secret(),
    mailboxEncryptionKey: aesKey(),
    inboundOperatorToken: secret(),
    twoFactorEncryptionKey: aesKey(),
    crmEncryptionKey: aesKey(),
    embeddedPaymentsSecret: secret(),
    licenceSigningKey: ed25519Key(),
  };
}

/** Keys generated once and kept in `dir` (git-ignored `.data/keys`): sessions and stored secrets survive a restart. */
export function ensureKeys(dir: string): StackKeys {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (name: string) => join(dir, name);
  const readOr = (name: string, create: () => string, mode = 0o600) => {
    if (existsSync(file(name))) return readFileSync(file(name), 'utf8').trim();
    const value = create();
    writeFileSync(file(name), value + '\n', { mode });
    return value;
  };
  if (!existsSync(file('identity-jwt.key.pem')) || !existsSync(file('identity-jwt.pub.pem'))) {
    const pair = keyPair();
    writeFileSync(file('identity-jwt.key.pem'), pair.privateKeyPem, { mode: 0o600 });
    writeFileSync(file('identity-jwt.pub.pem'), pair.publicKeyPem);
  }
  return {
    privateKeyPem: readFileSync(file('identity-jwt.key.pem'), 'utf8'),
    publicKeyPem: readFileSync(file('identity-jwt.pub.pem'), 'utf8'),
    internalToken: readOr('internal-api-token', secret),
    mailboxEncryptionKey: readOr('mailbox-encryption-key', aesKey),
    inboundOperatorToken: readOr('inbound-operator-token', secret),
    twoFactorEncryptionKey: readOr('two-factor-encryption-key', aesKey),
    crmEncryptionKey: readOr('crm-encryption-key', aesKey),
    embeddedPaymentsSecret: readOr('embedded-payments-secret', secret),
    licenceSigningKey: readOr('licence-signing.key.pem', ed25519Key),
  };
}
