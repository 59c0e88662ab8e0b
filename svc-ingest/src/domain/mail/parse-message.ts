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
  /** Gmail's forwarding-confirmation email (issue 22): never a record, shown to the owner instead. */
  forwardingConfirmation: TForwardingConfirmation | null;
}

export interface TForwardingConfirmation {
  provider: 'gmail';
  code: string;
  /** Gmail's confirmation link (https://mail-settings.google.com/mail/vf-...). */
  link: string;
  /** The Gmail address that asks to forward its mail here. */
  forwarder: string | null;
}

const EMAIL = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const RECIPIENT_HEADERS = new Set([
  'to',
  'cc',
  'delivered-to',
  'x-original-to',
  'envelope-to',
  'x-forwarded-to',
  'resent-to',
  'resent-cc',
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

/**
 * The original's Date and Subject lines in a forwarded block (Gmail writes "Date: Tue, Nov 3, 2026 at 10:12 AM",
 * Outlook "Sent: ..."), within the header lines that follow the block's From line.
 */
export function findForwardedHeaders(text: string): { subject: string | null; date: Date | null } {
  const marker = FORWARD_MARKERS.map((re) => re.exec(text)).find((m) => m !== null);
  const from = /^\s*(?:\*|>\s*)*(?:From|Von|De|Van)\s*:.*$/im.exec(
    marker ? text.slice(marker.index + marker[0].length) : text,
  );
  if (!from) return { subject: null, date: null };
  const start = (marker ? marker.index + marker[0].length : 0) + from.index + from[0].length;
  // The block's header lines: up to the first blank line, at most 12 lines.
  const lines: string[] = [];
  for (const line of text
    .slice(start, start + 4000)
    .split(/\r?\n/)
    .slice(1, 13)) {
    if (line.trim() === '') break;
    lines.push(line.replace(/^\s*(?:\*|>\s*)*/, '').replace(/\*/g, ''));
  }
  const value = (re: RegExp) => lines.map((l) => re.exec(l)?.[1]?.trim()).find(Boolean) ?? null;
  const subject = value(/^(?:Subject|Betreff|Objet|Onderwerp|Asunto)\s*:\s*(.+)$/i);
  const dateText = value(/^(?:Date|Sent|Datum|Gesendet)\s*:\s*(.+)$/i);
  const date = dateText ? new Date(dateText.replace(/\s+at\s+/i, ' ')) : null;
  const time = date?.getTime() ?? Number.NaN;
  return {
    subject,
    date: Number.isNaN(time) || time > Date.now() + DAY_MS || time < Date.UTC(1990, 0, 1) ? null : date,
  };
}

const GMAIL_FORWARDING_SENDER = 'forwarding-noreply@google.com';

/**
 * Gmail's forwarding-confirmation email: from forwarding-noreply@google.com, subject "(#123456789) Gmail Forwarding
 * Confirmation - Receive Mail from someone@gmail.com", the code and a https://mail-settings.google.com/mail/vf-...
 * link in the body. Anything short of all three is ordinary mail.
 */
function findForwardingConfirmation(
  fromEmail: string,
  subject: string | null,
  text: string,
): TForwardingConfirmation | null {
  if (fromEmail !== GMAIL_FORWARDING_SENDER) return null;
  const heading = /^\(#(\d{6,12})\)\s*Gmail Forwarding Confirmation\b.*?(?:from\s+(\S+@\S+))?\s*$/i.exec(
    subject ?? '',
  );
  const code = heading?.[1] ?? /Confirmation code:\s*(\d{6,12})/i.exec(text)?.[1];
  const link = /https:\/\/mail-settings\.google\.com\/mail\/vf-[^\s<>"']+/.exec(text)?.[0];
  if (!code || !link) return null;
  // Only an address: the subject is the sender's to write, and it is shown to the owner and put in an email.
  const forwarder = heading?.[2]?.match(EMAIL)?.[0]?.toLowerCase() ?? null;
  return { provider: 'gmail', code, link, forwarder };
}

/** The forwarder of an auto-forward that keeps the original From: Resent-From (Outlook's redirect), X-Forwarded-For. */
function findHeaderForwarder(parsed: ParsedMail): string | null {
  for (const key of ['resent-from', 'resent-sender', 'x-forwarded-for']) {
    const line = parsed.headerLines.find((h) => h.key === key)?.line;
    const address = line?.slice(line.indexOf(':') + 1).match(EMAIL)?.[0];
    if (address) return address.toLowerCase();
  }
  return null;
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
    forwardingConfirmation: null,
  };
  message.forwardingConfirmation = findForwardingConfirmation(message.fromEmail, message.subject, text);
  if (message.forwardingConfirmation) return message;

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
      // The founder's email as sent: the original's subject and date (the forward's own are the forwarder's).
      const headers = findForwardedHeaders(text);
      if (headers.subject) message.subject = noNul(headers.subject);
      if (headers.date) message.date = headers.date;
      return message;
    }
  }
  // Auto-forwarding that keeps the founder's From (Outlook's redirect, Gmail's forwarding): the forwarder is named
  // by the Resent-* or X-Forwarded-For headers.
  const forwarder = findHeaderForwarder(parsed);
  if (forwarder && forwarder !== message.fromEmail) message.forwardedBy = forwarder;
  return message;
}
