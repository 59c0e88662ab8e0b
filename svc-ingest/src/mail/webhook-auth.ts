import { createHmac } from 'node:crypto';
import { safeEqual } from '@dealflow/service-kit';

export const SIGNATURE_HEADER = 'x-dealflow-signature';

export const signBody = (secret: string, body: Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * The provider proves it posts for the organization with either `Authorization: Bearer <org secret>` or
 * `X-Dealflow-Signature: sha256=<hex HMAC-SHA256 of the raw body keyed with the org secret>`.
 */
export function isWebhookAuthorized(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
): boolean {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && /^Bearer\s+/i.test(authorization)) {
    return safeEqual(authorization.replace(/^Bearer\s+/i, '').trim(), secret);
  }
  const signature = headers[SIGNATURE_HEADER];
  if (typeof signature === 'string' && signature.length > 0)
    return safeEqual(signature.trim().toLowerCase(), signBody(secret, body));
  return false;
}

const EMAIL = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const RECIPIENT_HEADER = /^(to|cc|delivered-to|x-original-to|envelope-to|x-forwarded-to)\s*:/i;

/** Recipient addresses from the header block only (cheap: runs before the sender is authenticated). */
export function headerRecipients(raw: Buffer): string[] {
  const head = raw.subarray(0, 256 * 1024).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const block = (end === -1 ? head : head.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const out = new Set<string>();
  for (const line of block.split(/\r?\n/))
    if (RECIPIENT_HEADER.test(line)) for (const a of line.match(EMAIL) ?? []) out.add(a.toLowerCase());
  return [...out];
}

/** The inbound token of `<slug>-<token>@<domain>` addresses of our domain. */
export function inboundTokens(addresses: string[], domain: string): string[] {
  const suffix = `@${domain.toLowerCase()}`;
  return addresses
    .map((a) => a.toLowerCase())
    .filter((a) => a.endsWith(suffix))
    .map((a) => a.slice(0, -suffix.length).split('-').pop() ?? '')
    .filter((t) => /^[a-f0-9]{12}$/.test(t));
}
