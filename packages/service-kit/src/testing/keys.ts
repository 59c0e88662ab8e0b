import { generateKeyPairSync, sign } from 'node:crypto';
import { JWT_ISSUER, type IdentityClaims } from '../auth.js';

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
