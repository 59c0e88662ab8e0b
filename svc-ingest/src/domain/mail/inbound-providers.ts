import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { safeEqual } from '@dealflow/service-kit';
import { parseHeaderRecipients } from './webhook-auth.js';

/**
 * What each inbound mail provider posts to /webhooks/mail, as its documentation shows:
 * - raw: the RFC 5322 message itself (message/rfc822 or text/plain), `Authorization: Bearer <secret>` or
 *   `X-Dealflow-Signature: sha256=<HMAC of the body>`;
 * - SendGrid Inbound Parse, "POST the raw, full MIME message": multipart/form-data whose `email` field is the
 *   MIME and `envelope` the SMTP envelope (JSON); SendGrid sends basic auth given in the URL;
 * - Mailgun routes, forward() to a URL ending in "mime": form fields `body-mime`, `recipient`, and
 *   `timestamp`/`token`/`signature` (HMAC-SHA256 of timestamp+token with the signing key);
 * - Postmark inbound: JSON with `RawEmail` (with "include raw email content" on), `OriginalRecipient`; basic
 *   auth given in the URL.
 */
export type TInboundProvider = 'raw' | 'sendgrid' | 'mailgun' | 'postmark';

export interface TInboundPost {
  provider: TInboundProvider;
  raw: Buffer;
  /** Where the provider says the message was delivered (envelope first); empty: read the header block. */
  recipients: string[];
  /** Mailgun's signature fields. */
  mailgun?: { timestamp: string; token: string; signature: string };
}

export class InboundPostError extends Error {}

type TFormValue = ReturnType<FormData['get']>;

const FORM_TYPES = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i;

const text = (v: TFormValue) => (typeof v === 'string' ? v : null);

async function readForm(body: Buffer, contentType: string): Promise<FormData> {
  try {
    // The platform's own multipart and urlencoded parser (undici, as in fetch); the body is already capped.
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new InboundPostError('Malformed message: the form data could not be read');
  }
}

const fieldBytes = async (v: TFormValue): Promise<Buffer | null> =>
  v === null ? null : typeof v === 'string' ? Buffer.from(v, 'utf8') : Buffer.from(await v.arrayBuffer());

/** Which provider posted, and the raw message and recipients it carries. */
export async function readInboundPost(
  body: unknown,
  headers: IncomingHttpHeaders,
  query: { recipient?: string },
): Promise<TInboundPost> {
  const contentType = String(headers['content-type'] ?? '');
  const fromQuery = query.recipient !== undefined ? [query.recipient] : [];
  if (Buffer.isBuffer(body) && FORM_TYPES.test(contentType)) {
    const form = await readForm(body, contentType);
    const email = form.get('email');
    if (email !== null) {
      let envelopeTo: string[] = [];
      try {
        const envelope = JSON.parse(text(form.get('envelope')) ?? '{}') as { to?: unknown };
        if (Array.isArray(envelope.to)) envelopeTo = envelope.to.filter((t) => typeof t === 'string');
      } catch {
        // A bad envelope: the header block names the recipient instead.
      }
      return {
        provider: 'sendgrid',
        raw: (await fieldBytes(email))!,
        recipients: [...fromQuery, ...envelopeTo],
      };
    }
    const mime = form.get('body-mime');
    if (mime !== null) {
      const [timestamp, token, signature] = ['timestamp', 'token', 'signature'].map((k) => text(form.get(k)));
      const recipient = text(form.get('recipient'));
      return {
        provider: 'mailgun',
        raw: (await fieldBytes(mime))!,
        recipients: [...fromQuery, ...(recipient ? recipient.split(',').map((r) => r.trim()) : [])],
        mailgun: { timestamp: timestamp ?? '', token: token ?? '', signature: signature ?? '' },
      };
    }
    throw new InboundPostError(
      'Malformed message: the form has neither `email` (SendGrid) nor `body-mime` (Mailgun)',
    );
  }
  if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) {
    const json = body as { RawEmail?: unknown; OriginalRecipient?: unknown; ToFull?: unknown };
    if (typeof json.RawEmail !== 'string' || json.RawEmail.length === 0)
      throw new InboundPostError(
        'Malformed message: a JSON post needs RawEmail (turn on "Include raw email content" in Postmark)',
      );
    const to = Array.isArray(json.ToFull)
      ? json.ToFull.map((t: { Email?: unknown }) => t?.Email).filter(
          (e): e is string => typeof e === 'string',
        )
      : [];
    return {
      provider: 'postmark',
      raw: Buffer.from(json.RawEmail, 'utf8'),
      recipients: [
        ...fromQuery,
        ...(typeof json.OriginalRecipient === 'string' ? [json.OriginalRecipient] : []),
        ...to,
      ],
    };
  }
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw new InboundPostError('Malformed message: the body is empty');
  return { provider: 'raw', raw: body, recipients: fromQuery };
}

/** The recipients a post names, else those of the message's header block (one linear pass, capped). */
export function postRecipients(post: TInboundPost): { addresses: string[]; headersTooLarge: boolean } {
  if (post.recipients.length > 0) return { addresses: post.recipients, headersTooLarge: false };
  const parsed = parseHeaderRecipients(post.raw);
  return { addresses: parsed.addresses, headersTooLarge: parsed.truncated && parsed.addresses.length === 0 };
}

/** The password of `Authorization: Basic base64(user:password)`, as SendGrid and Postmark send from the URL. */
export function basicPassword(headers: IncomingHttpHeaders): string | null {
  const authorization = headers.authorization;
  if (typeof authorization !== 'string' || !/^Basic\s+/i.test(authorization)) return null;
  const decoded = Buffer.from(authorization.replace(/^Basic\s+/i, '').trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : decoded.slice(colon + 1);
}

/** How far a Mailgun timestamp may be from now (seconds) before the post is refused as stale. */
export const MAILGUN_MAX_AGE_S = 5 * 60;

/** Mailgun's check: hex HMAC-SHA256 of timestamp+token with the signing key, and a fresh timestamp. */
export function isMailgunSignatureValid(
  signingKey: string,
  fields: { timestamp: string; token: string; signature: string },
  now = Date.now(),
): boolean {
  const { timestamp, token, signature } = fields;
  if (!/^\d{1,12}$/.test(timestamp) || token.length < 10 || !/^[a-f0-9]{64}$/i.test(signature)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > MAILGUN_MAX_AGE_S) return false;
  const expected = createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
  return safeEqual(signature.toLowerCase(), expected);
}

export const signMailgun = (signingKey: string, timestamp: string, token: string) =>
  createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
