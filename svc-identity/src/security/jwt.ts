import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export const JWT_ISSUER = 'dealflow-identity';
export const JWT_TTL_SECONDS = 300;

export interface TIdentityClaims {
  sub: string;
  org: number | null;
  role: 'owner' | 'member';
  email: string;
  name: string;
  sid: string;
  /** The email address is verified (services gate buying on it). */
  ev?: boolean;
  /** Session unverified: opened by a guest checkout's auto-login, the emailed link not yet used (issue 20). */
  uv?: true;
  /** Authenticated at: epoch seconds of the session's last password check or sign-in (issue 20). */
  aat?: number;
  /** An organization API key's token (introspect-api-key.ts): kind, public id and scope. */
  kind?: 'api_key';
  kid?: string;
  scope?: 'read' | 'write';
}

export interface TJwtSigner {
  /** The JWT and its expiry (the gateway caches the answer, never past it). */
  sign(claims: TIdentityClaims): { token: string; expiresAt: Date };
  publicKeyPem: string;
  /** True when no key was configured and an ephemeral one was generated (development only). */
  isEphemeral: boolean;
}

const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** ES256 signer for the short-lived identity JWT the gateway forwards to services. */
export function createJwtSigner(privateKeyPem: string | undefined): TJwtSigner {
  let privateKey: KeyObject;
  let isEphemeral = false;
  if (privateKeyPem) {
    privateKey = createPrivateKey(privateKeyPem.replace(/\\n/g, '\n'));
    if (
      privateKey.asymmetricKeyType !== 'ec' ||
      privateKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1'
    ) {
      throw new Error('IDENTITY_JWT_PRIVATE_KEY must be an EC P-256 private key (ES256)');
    }
  } else {
    privateKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    isEphemeral = true;
  }
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const header = b64url({ alg: 'ES256', typ: 'JWT' });
  return {
    publicKeyPem,
    isEphemeral,
    sign(claims) {
      const iat = Math.floor(Date.now() / 1000);
      const payload = b64url({ ...claims, iss: JWT_ISSUER, iat, exp: iat + JWT_TTL_SECONDS });
      const input = `${header}.${payload}`;
      const signature = sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' });
      return {
        token: `${input}.${signature.toString('base64url')}`,
        expiresAt: new Date((iat + JWT_TTL_SECONDS) * 1000),
      };
    },
  };
}
