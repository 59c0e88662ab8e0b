import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DECK_VIEWER_URL_TTL_SECONDS } from '@dealflow/contracts';

/**
 * The deck viewer's short-lived signed URL: HMAC-SHA256 over the record, its organization and the expiry,
 * with a key derived from the service's INTERNAL_API_TOKEN (every replica has it; production refuses the
 * development default). The deck route checks it against the caller's own organization, so a URL copied
 * to another organization's member is refused even before the record lookup would 404.
 */
export function viewerKey(secret: string): Buffer {
  return createHash('sha256').update(`dealflow deck viewer url\0${secret}`).digest();
}

const mac = (key: Buffer, emailId: number, orgId: number, expires: number) =>
  createHmac('sha256', key).update(`${emailId}.${orgId}.${expires}`).digest();

export function signViewerUrl(
  key: Buffer,
  emailId: number,
  orgId: number,
  now = Date.now(),
): { expires: number; signature: string } {
  const expires = Math.floor(now / 1000) + DECK_VIEWER_URL_TTL_SECONDS;
  return { expires, signature: mac(key, emailId, orgId, expires).toString('hex') };
}

export type TViewerCheck = 'valid' | 'expired' | 'forged';

export function checkViewerUrl(
  key: Buffer,
  emailId: number,
  orgId: number,
  expires: number,
  signature: string,
  now = Date.now(),
): TViewerCheck {
  const given = Buffer.from(signature, 'hex');
  const expected = mac(key, emailId, orgId, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return expires * 1000 < now ? 'expired' : 'valid';
}
