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

/** The most of the header block read before authentication; a recipient beyond it is not looked for. */
export const HEADER_MAX_BYTES = 64 * 1024;

const RECIPIENT_HEADERS = new Set([
  'to',
  'cc',
  'delivered-to',
  'x-original-to',
  'envelope-to',
  'x-forwarded-to',
]);
/** Characters that end an address token in a header value (a table: one lookup per character). */
const DELIMITER = new Uint8Array(256);
for (const c of ' \t\r\n,;<>"()[]:') DELIMITER[c.charCodeAt(0)] = 1;
/** Longer than any address: such a token is skipped, never built. */
const TOKEN_MAX = 320;
const LOCAL = /^[A-Za-z0-9._%+'-]+$/;
const LABEL = /^[A-Za-z0-9-]+$/;
const TLD = /^[A-Za-z]{2,}$/;

/** `local@label.label.tld`, checked piece by piece (each check anchored and linear in the token). */
function isAddress(token: string): boolean {
  const at = token.indexOf('@');
  if (at <= 0 || at !== token.lastIndexOf('@')) return false;
  if (!LOCAL.test(token.slice(0, at))) return false;
  const labels = token.slice(at + 1).split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1]!;
  return TLD.test(tld) && labels.every((l) => LABEL.test(l));
}

export interface THeaderRecipients {
  addresses: string[];
  /** Characters visited: linear in the bytes read (at most HEADER_MAX_BYTES). */
  steps: number;
  /** The header block went on past HEADER_MAX_BYTES. */
  truncated: boolean;
}

/**
 * Recipient addresses from the header block only, in one pass over at most HEADER_MAX_BYTES (this runs before
 * the sender is authenticated, so its cost must not depend on what a stranger puts in a header).
 */
export function parseHeaderRecipients(raw: Buffer): THeaderRecipients {
  // Bytes, not a string: a table lookup per byte and a slice per token (issue 12's hostile suite spent 20-30 ms
  // of event loop per 64 KB header building tokens a character at a time).
  const head = raw.subarray(0, HEADER_MAX_BYTES);
  const n = head.length;
  const out = new Set<string>();
  let steps = 0;
  let inRecipient = false;
  let ended = false;
  let tokenStart = -1;
  const flush = (end: number) => {
    if (tokenStart !== -1) {
      const length = end - tokenStart;
      steps += length;
      if (inRecipient && length <= TOKEN_MAX) {
        const token = head.toString('latin1', tokenStart, end);
        if (isAddress(token)) out.add(token.toLowerCase());
      }
    }
    tokenStart = -1;
  };
  let i = 0;
  let lineStart = true;
  while (i < n) {
    const c = head[i]!;
    steps++;
    if (lineStart) {
      lineStart = false;
      if (c === 13 || c === 10) {
        ended = true; // the empty line: end of the header block
        break;
      }
      if (c !== 32 && c !== 9) {
        // A new field: read its name up to ':' (a line without one is not a field).
        flush(i);
        const colon = head.indexOf(58, i);
        const eol = head.indexOf(10, i);
        const nameEnd = colon !== -1 && (eol === -1 || colon < eol) ? colon : -1;
        const name = nameEnd === -1 ? '' : head.toString('latin1', i, nameEnd).trim().toLowerCase();
        steps += nameEnd === -1 ? 0 : nameEnd - i;
        inRecipient = RECIPIENT_HEADERS.has(name);
        i = nameEnd === -1 ? i + 1 : nameEnd + 1;
        continue;
      }
    }
    if (c === 10) lineStart = true;
    if (DELIMITER[c]) flush(i);
    else if (tokenStart === -1) tokenStart = i;
    i++;
  }
  flush(i);
  const truncated = !ended && raw.length > HEADER_MAX_BYTES;
  return { addresses: [...out], steps, truncated };
}

/** Recipient addresses from the header block only (cheap: runs before the sender is authenticated). */
export function headerRecipients(raw: Buffer): string[] {
  return parseHeaderRecipients(raw).addresses;
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

export interface THeaderSummary {
  from: string | null;
  fromEmail: string | null;
  subject: string | null;
  messageId: string | null;
}

const FIELD_MAX = 300;

/**
 * From, Subject and Message-ID of the header block, in one pass over at most HEADER_MAX_BYTES, each value cut
 * to FIELD_MAX characters: what a record of a message too complex to parse can still say about it.
 */
export function summarizeHeaders(raw: Buffer): THeaderSummary {
  const head = raw.subarray(0, HEADER_MAX_BYTES).toString('latin1');
  const wanted = new Map<string, string>();
  let i = 0;
  while (i < head.length) {
    let eol = head.indexOf('\n', i);
    if (eol === -1) eol = head.length;
    const line = head.slice(i, eol).replace(/\r$/, '');
    if (line.length === 0) break;
    const colon = line.indexOf(':');
    if (colon > 0 && line[0] !== ' ' && line[0] !== '\t') {
      const name = line.slice(0, colon).trim().toLowerCase();
      if ((name === 'from' || name === 'subject' || name === 'message-id') && !wanted.has(name))
        wanted.set(name, line.slice(colon + 1, colon + 1 + FIELD_MAX).trim());
    }
    i = eol + 1;
  }
  const clean = (v: string | undefined) =>
    v ? v.replaceAll('\u0000', '').slice(0, FIELD_MAX) || null : null;
  const from = clean(wanted.get('from'));
  const angle = from ? /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] : undefined;
  const bare = from?.split(/[\s,;"()]+/).find((t) => isAddress(t));
  const fromEmail = angle && isAddress(angle) ? angle.toLowerCase() : (bare?.toLowerCase() ?? null);
  const messageId = clean(wanted.get('message-id'));
  return {
    from,
    fromEmail,
    subject: clean(wanted.get('subject')),
    messageId: messageId ? (/<[^<>]+>/.exec(messageId)?.[0] ?? messageId) : null,
  };
}
