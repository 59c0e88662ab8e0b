import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Attachment } from '../../entities/email.js';
import { IngestError } from '../../errors.js';

export type TParsedAttachment = Omit<Attachment, 'id' | 'emailId'>;

export interface TParsedMessage {
  messageId: string | null;
  /** The founder: the original sender when the message is a forward. */
  fromName: string | null;
  fromEmail: string;
  /** Who forwarded it (the envelope sender), when it is a forward. */
  forwardedBy: string | null;
  subject: string | null;
  /** The `Date` header (when the sender sent it); null when absent, unreadable or more than a day ahead. */
  date: Date | null;
  text: string;
  html: string | null;
  /** Every address the message was delivered to (To, Cc, Delivered-To, X-Original-To, Envelope-To). */
  recipients: string[];
  attachments: TParsedAttachment[];
}

const EMAIL = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const RECIPIENT_HEADERS = new Set([
  'to',
  'cc',
  'delivered-to',
  'x-original-to',
  'envelope-to',
  'x-forwarded-to',
]);
const FORWARD_MARKERS = [
  /-{2,}\s*Forwarded message\s*-{2,}/i,
  /Begin forwarded message:/i,
  /-{2,}\s*Original Message\s*-{2,}/i,
  /^-{2,}\s*Weitergeleitete Nachricht\s*-{2,}/im,
  /^_{10,}$/m,
];

const firstAddress = (a: AddressObject | AddressObject[] | undefined) => {
  const list = Array.isArray(a) ? a.flatMap((x) => x.value) : (a?.value ?? []);
  return list.find((v) => v.address) ?? null;
};

/** The original sender inside a forwarded body ("From: Jane Doe <jane@startup.io>" after the forward marker). */
export function findForwardedSender(
  text: string,
  options: { requireMarker?: boolean } = {},
): { name: string | null; email: string } | null {
  const marker = FORWARD_MARKERS.map((re) => re.exec(text)).find((m) => m !== null);
  if (!marker && options.requireMarker !== false) return null;
  const after = marker ? text.slice(marker.index + marker[0].length) : text;
  const line = /^\s*(?:\*|>\s*)*(?:From|Von|De|Van)\s*:\s*\**\s*(.+)$/im.exec(after);
  if (!line) return null;
  const value = line[1]!.trim();
  const email = /mailto:([^\]\s>]+)/i.exec(value)?.[1] ?? value.match(EMAIL)?.[0];
  if (!email) return null;
  const name = value
    .replace(/\[mailto:[^\]]*\]/i, '')
    .replace(/<[^>]*>/, '')
    .replace(email, '')
    .replace(/["*]/g, '')
    .trim();
  return { name: name || null, email: email.toLowerCase() };
}

/** PostgreSQL text cannot hold U+0000, which a bogus charset or a hostile header decodes to (issue 12: a 500). */
const noNul = <T extends string | null | undefined>(value: T): T =>
  (typeof value === 'string' ? value.replaceAll('\u0000', '') : value) as T;

const toAttachments = (parsed: ParsedMail): TParsedAttachment[] =>
  parsed.attachments.map((a, i) => ({
    filename: noNul(a.filename) ?? `attachment-${i + 1}${a.contentType === 'application/pdf' ? '.pdf' : ''}`,
    contentType: a.contentType.toLowerCase(),
    size: a.size ?? a.content.length,
    contentId: a.cid ?? null,
    inline: a.contentDisposition === 'inline' || (Boolean(a.cid) && a.contentType.startsWith('image/')),
    content: a.content,
  }));

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Date header as written (mailparser replaces an unreadable one with the parse time, which would lie). */
function findSentDate(parsed: ParsedMail, now = Date.now()): Date | null {
  const line = parsed.headerLines.find((h) => h.key === 'date')?.line;
  if (!line) return null;
  const date = new Date(line.slice(line.indexOf(':') + 1).trim());
  const time = date.getTime();
  return Number.isNaN(time) || time > now + DAY_MS || time < Date.UTC(1990, 0, 1) ? null : date;
}

/**
 * Parses a raw RFC 5322 message with mailparser (MIME structure, transfer encodings and charsets).
 * A forward keeps the founder as sender: the "From:" line of the forwarded body (or of an attached
 * original, which mailparser flattens into the text); the original's attachments count as the email's.
 */
export async function parseMessage(raw: Buffer): Promise<TParsedMessage> {
  if (raw.length === 0) throw new IngestError('MALFORMED_MESSAGE', 'Malformed message: the body is empty');
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  } catch (error) {
    throw new IngestError('MALFORMED_MESSAGE', `Malformed message: ${(error as Error).message}`);
  }
  const sender = firstAddress(parsed.from);
  if (!sender?.address || parsed.headerLines.length === 0) {
    throw new IngestError('MALFORMED_MESSAGE', 'Malformed message: no sender (From header) found');
  }
  const recipients = new Set<string>();
  for (const header of parsed.headerLines) {
    if (RECIPIENT_HEADERS.has(header.key))
      for (const address of header.line.match(EMAIL) ?? []) recipients.add(address.toLowerCase());
  }
  const text = noNul(parsed.text ?? '');
  const html = typeof parsed.html === 'string' ? noNul(parsed.html) : null;
  const message: TParsedMessage = {
    messageId: noNul(parsed.messageId) ?? null,
    fromName: noNul(sender.name) || null,
    fromEmail: noNul(sender.address).toLowerCase(),
    forwardedBy: null,
    subject: noNul(parsed.subject) ?? null,
    date: findSentDate(parsed),
    text,
    html,
    recipients: [...recipients],
    attachments: toAttachments(parsed),
  };

  // mailparser flattens an attached original (message/rfc822) into the text ("From: ..." block) and its attachments.
  const attachedOriginal = /^content-type:\s*message\/rfc822/im.test(
    raw.subarray(0, 512 * 1024).toString('latin1'),
  );
  const forwardSubject = /^\s*(fwd?|fw|wg|tr)\s*:/i.test(message.subject ?? '');
  if (attachedOriginal || forwardSubject || FORWARD_MARKERS.some((re) => re.test(text))) {
    const original = findForwardedSender(text, { requireMarker: !(attachedOriginal || forwardSubject) });
    if (original && original.email !== message.fromEmail) {
      message.forwardedBy = message.fromEmail;
      message.fromEmail = original.email;
      message.fromName = original.name;
    }
  }
  return message;
}
