import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { z } from 'zod';

/** The one product the licence is for: the seed's Standard License (single project, 6 months of updates). */
export const LICENCE_PRODUCT = 'dealflow-template-standard';
export const LICENCE_UPDATE_MONTHS = 6;
const PREFIX = 'DFL1';

export const ZLicencePayload = z.object({
  purchaseId: z.string(),
  buyer: z.object({ userId: z.number().int(), email: z.string().nullable() }),
  product: z.string(),
  issuedAt: z.string(),
  updatesUntil: z.string(),
});
export type TLicencePayload = z.infer<typeof ZLicencePayload>;

/** Purchase date + 6 calendar months (the seeds' "6 months of updates"). */
export const updatesUntilOf = (issuedAt: Date) => {
  const until = new Date(issuedAt);
  until.setUTCMonth(until.getUTCMonth() + LICENCE_UPDATE_MONTHS);
  return until;
};

/**
 * Ed25519 signing of licence keys: `DFL1.<payload, base64url JSON>.<signature, base64url>`. Anyone with the
 * public key can check a key offline; only billing can make one.
 */
export interface LicenceSigner {
  sign(payload: TLicencePayload): string;
  /** The payload of a key this signer made, or null. */
  verify(key: string): TLicencePayload | null;
  publicKeyPem: string;
}

export function createLicenceSigner(privateKeyPem?: string): LicenceSigner {
  const privateKey: KeyObject = privateKeyPem
    ? createPrivateKey(privateKeyPem)
    : generateKeyPairSync('ed25519').privateKey;
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('LICENCE_SIGNING_KEY must be an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const signature = sign(null, Buffer.from(`${PREFIX}.${body}`), privateKey).toString('base64url');
      return `${PREFIX}.${body}.${signature}`;
    },
    verify(key) {
      const [prefix, body, signature, ...rest] = key.split('.');
      if (prefix !== PREFIX || !body || !signature || rest.length > 0) return null;
      const ok = verify(
        null,
        Buffer.from(`${PREFIX}.${body}`),
        publicKey,
        Buffer.from(signature, 'base64url'),
      );
      if (!ok) return null;
      const parsed = ZLicencePayload.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      return parsed.success ? parsed.data : null;
    },
  };
}
