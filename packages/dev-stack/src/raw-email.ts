// One writer of raw RFC 5322 messages for everything that posts mail at the intake: e2e specs, the stack
// suites (faults, fuzz, replicas), ingest's bench and the k6 script. It imports nothing and uses no Node
// global it cannot do without (Buffer only when present), so k6 can load the built file as it is
// (`load/mail-webhook.js` imports `packages/dev-stack/dist/raw-email.js`). Deliberately broken messages
// (svc-ingest's hostile suite) are still written by hand: this writer only writes well-formed ones.

export interface TRawAttachment {
  filename: string;
  contentType: string;
  /** The bytes, or (where there is no Buffer, as in k6) the bytes already in base64. */
  content: Uint8Array | { base64: string };
}

export interface TRawEmail {
  from: string;
  to: string;
  subject: string;
  /** The plain-text body. */
  text: string;
  /** The Date header; now when absent. A string is written as it is. */
  date?: Date | string;
  /** With its angle brackets; a unique one when absent. */
  messageId?: string;
  attachments?: TRawAttachment[];
  /** Further header lines (`Delivered-To: ...`), written before From. */
  headers?: string[];
  /** The text part's Content-Type; `text/plain; charset=utf-8` when absent. */
  textContentType?: string;
}

const CRLF = '\r\n';
let sequence = 0;
const unique = () =>
  `${Date.now().toString(36)}-${(sequence++).toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function toBase64(bytes: Uint8Array): string {
  if (typeof Buffer !== 'undefined') return Buffer.from(bytes).toString('base64');
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    out += BASE64[a >> 2]! + BASE64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : BASE64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : BASE64[c & 63]!;
  }
  return out;
}

/** Base64 in lines of 76 characters (RFC 2045 6.8). */
const wrap = (base64: string) => base64.match(/.{1,76}/g)?.join(CRLF) ?? '';

const quoted = (value: string) => `"${value.replace(/["\\\r\n]/g, '_')}"`;

/**
 * A raw message as a mail server hands it over: a text/plain message, or multipart/mixed with the text
 * first and each attachment in base64.
 */
export function buildRawEmail(input: TRawEmail): string {
  const date = input.date ?? new Date();
  const head = [
    ...(input.headers ?? []),
    `From: ${input.from}`,
    `To: ${input.to}`,
    `Subject: ${input.subject}`,
    `Date: ${typeof date === 'string' ? date : date.toUTCString()}`,
    `Message-ID: ${input.messageId ?? `<${unique()}@raw-email.test>`}`,
    'MIME-Version: 1.0',
  ];
  const textType = `Content-Type: ${input.textContentType ?? 'text/plain; charset=utf-8'}`;
  const attachments = input.attachments ?? [];
  if (attachments.length === 0) return [...head, textType, '', input.text, ''].join(CRLF);

  const boundary = `part-${unique()}`;
  const parts = attachments.flatMap((attachment) => [
    `--${boundary}`,
    `Content-Type: ${attachment.contentType}; name=${quoted(attachment.filename)}`,
    `Content-Disposition: attachment; filename=${quoted(attachment.filename)}`,
    'Content-Transfer-Encoding: base64',
    '',
    wrap('base64' in attachment.content ? attachment.content.base64 : toBase64(attachment.content)),
  ]);
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    textType,
    '',
    input.text,
    ...parts,
    `--${boundary}--`,
    '',
  ].join(CRLF);
}
