import { createVerify } from 'node:crypto';
import { guardedFetch, OutboundRefused, type TOutboundOptions } from '@dealflow/service-kit';

/**
 * Amazon SNS HTTP(S) deliveries, as "Verifying the signatures of Amazon SNS messages" documents them: a JSON
 * body (sent as text/plain) with `Type`, `SignatureVersion` 1 (SHA1withRSA) or 2 (SHA256withRSA), `Signature`
 * (base64) over a canonical string of named fields, and `SigningCertURL`, the X.509 certificate to check it
 * with. The certificate is only ever fetched from `https://sns.<region>.amazonaws.com/…pem`, through the
 * outbound guard, and cached; a SubscriptionConfirmation is confirmed by GETting its `SubscribeURL` (same host
 * rule, same guard).
 */
export type TSnsType = 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';

export interface TSnsMessage {
  Type: TSnsType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: '1' | '2';
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

export class SnsMessageError extends Error {}

const TYPES = new Set<string>(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']);
/** The hosts AWS's own message validators accept for SNS certificates and subscription URLs. */
const SNS_HOST = /^sns\.[a-z0-9-]{3,}\.amazonaws\.com(\.cn)?$/;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The SNS envelope of a post, checked for shape (not yet for its signature). */
export function parseSnsMessage(body: unknown): TSnsMessage {
  let json: unknown = body;
  if (Buffer.isBuffer(body) || typeof body === 'string') {
    try {
      json = JSON.parse(body.toString());
    } catch {
      throw new SnsMessageError('Malformed message: the SNS post is not JSON');
    }
  }
  if (json === null || typeof json !== 'object')
    throw new SnsMessageError('Malformed message: not an SNS post');
  const m = json as Record<string, unknown>;
  const required = ['Type', 'MessageId', 'TopicArn', 'Message', 'Timestamp', 'Signature', 'SigningCertURL'];
  const missing = required.filter((k) => str(m[k]) === undefined);
  if (missing.length > 0)
    throw new SnsMessageError(`Malformed message: the SNS post has no ${missing.join(', ')}`);
  if (!TYPES.has(m.Type as string))
    throw new SnsMessageError(`Malformed message: unknown SNS type ${String(m.Type)}`);
  const version = str(m.SignatureVersion);
  if (version !== '1' && version !== '2')
    throw new SnsMessageError('Malformed message: SignatureVersion must be 1 or 2');
  if (m.Type !== 'Notification' && (str(m.Token) === undefined || str(m.SubscribeURL) === undefined))
    throw new SnsMessageError('Malformed message: a subscription message needs Token and SubscribeURL');
  return {
    Type: m.Type as TSnsType,
    MessageId: m.MessageId as string,
    TopicArn: m.TopicArn as string,
    Message: m.Message as string,
    Timestamp: m.Timestamp as string,
    SignatureVersion: version,
    Signature: m.Signature as string,
    SigningCertURL: m.SigningCertURL as string,
    Subject: str(m.Subject),
    Token: str(m.Token),
    SubscribeURL: str(m.SubscribeURL),
  };
}

/** The string SNS signs: `Name\nvalue\n` for each signed field present, in this order. */
export function snsStringToSign(m: TSnsMessage): string {
  const fields: (keyof TSnsMessage)[] =
    m.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return fields
    .filter((f) => m[f] !== undefined)
    .map((f) => `${f}\n${m[f]}\n`)
    .join('');
}

/** An https URL on an `sns.<region>.amazonaws.com` host, or null. */
export function snsUrl(raw: string, pathPattern?: RegExp): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !SNS_HOST.test(url.hostname)) return null;
  if (pathPattern && !pathPattern.test(url.pathname)) return null;
  return url;
}

const CERT_TTL_MS = 24 * 3600_000;
const CERT_CACHE_MAX = 50;
const certCache = new Map<string, { pem: string; until: number }>();

const isPem = (head: Buffer) => head.toString('latin1').startsWith('-----BEGIN');

async function signingCertificate(url: URL, outbound: TOutboundOptions): Promise<string> {
  const cached = certCache.get(url.href);
  if (cached && cached.until > Date.now()) return cached.pem;
  const got = await guardedFetch(url.href, {
    ...outbound,
    maxBytes: 16_384,
    timeoutMs: 10_000,
    maxRedirects: 0,
    sniff: isPem,
  });
  const pem = got.body.toString('latin1');
  if (certCache.size >= CERT_CACHE_MAX) certCache.delete(certCache.keys().next().value!);
  certCache.set(url.href, { pem, until: Date.now() + CERT_TTL_MS });
  return pem;
}

/** Forgets cached certificates (tests). */
export const clearSnsCertificateCache = () => certCache.clear();

/** How old (or how far ahead) an SNS message's Timestamp may be: SNS retries within an hour at most. */
export const SNS_MAX_AGE_MS = 3600_000;
const SNS_MAX_AHEAD_MS = 5 * 60_000;

/**
 * True when SNS signed this message: fresh timestamp, certificate URL on an SNS host, and the signature
 * verified with that certificate (SHA1 for version 1, SHA256 for version 2).
 */
export async function isSnsSignatureValid(
  m: TSnsMessage,
  outbound: TOutboundOptions,
  now = Date.now(),
): Promise<boolean> {
  const at = Date.parse(m.Timestamp);
  if (!Number.isFinite(at) || now - at > SNS_MAX_AGE_MS || at - now > SNS_MAX_AHEAD_MS) return false;
  const certUrl = snsUrl(m.SigningCertURL, /\.pem$/);
  if (!certUrl) return false;
  let pem: string;
  try {
    pem = await signingCertificate(certUrl, outbound);
  } catch (error) {
    if (error instanceof OutboundRefused) return false;
    throw error;
  }
  try {
    return createVerify(m.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
      .update(snsStringToSign(m), 'utf8')
      .verify(pem, m.Signature, 'base64');
  } catch {
    return false; // not a certificate, or not a signature
  }
}

/** Confirms a subscription by GETting its SubscribeURL (an SNS host only). */
export async function confirmSnsSubscription(m: TSnsMessage, outbound: TOutboundOptions): Promise<void> {
  const url = m.SubscribeURL ? snsUrl(m.SubscribeURL) : null;
  if (!url || url.searchParams.get('Action') !== 'ConfirmSubscription')
    throw new SnsMessageError('Malformed message: SubscribeURL is not an SNS ConfirmSubscription URL');
  await guardedFetch(url.href, { ...outbound, maxBytes: 65_536, timeoutMs: 10_000, maxRedirects: 0 });
}

/**
 * The raw email of an SES receipt rule's SNS action ("Received" notification): `content`, encoded UTF8 or
 * BASE64 as the action says, and the recipients SES accepted it for.
 */
export function readSesNotification(message: string): { raw: Buffer; recipients: string[] } {
  let n: {
    notificationType?: unknown;
    content?: unknown;
    receipt?: { recipients?: unknown; action?: { type?: unknown; encoding?: unknown } };
  };
  try {
    n = JSON.parse(message) as typeof n;
  } catch {
    throw new SnsMessageError('Malformed message: the SNS Message is not an SES notification');
  }
  if (n?.notificationType !== 'Received')
    throw new SnsMessageError('Malformed message: not an SES "Received" notification');
  if (typeof n.content !== 'string' || n.content.length === 0)
    throw new SnsMessageError(
      'Malformed message: the SES notification carries no content (use a receipt rule with an SNS action)',
    );
  const encoding = String(n.receipt?.action?.encoding ?? 'UTF8').toUpperCase();
  const raw = encoding === 'BASE64' ? Buffer.from(n.content, 'base64') : Buffer.from(n.content, 'utf8');
  const recipients = Array.isArray(n.receipt?.recipients)
    ? n.receipt.recipients.filter((r): r is string => typeof r === 'string')
    : [];
  return { raw, recipients };
}
