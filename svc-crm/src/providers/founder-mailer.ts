import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer, { type Transporter } from 'nodemailer';

/** One email to a founder, threaded on their message when its Message-ID is known. */
export interface TFounderEmail {
  to: string;
  /** The member's address (they get the founder's answer); null: the installation's From only. */
  replyTo: string | null;
  subject: string;
  text: string;
  /** The founder's Message-ID (`<...>`): In-Reply-To and References. */
  inReplyTo: string | null;
}

export interface TFounderMailer {
  /** Answers the Message-ID the email went out with. Throws when the SMTP server refuses it. */
  send(email: TFounderEmail): Promise<{ messageId: string }>;
  close(): void;
}

/** The repository root (svc-crm/src|dist/providers -> ../../..), as identity's outbox. */
const defaultOutboxDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..', '.outbox');

/** `<id@host>` whatever the founder's client wrote (some omit the brackets). */
const bracketed = (id: string) => (id.startsWith('<') ? id : `<${id}>`);

/**
 * Replies to founders go out from the installation's address (MAIL_FROM) through nodemailer: over SMTP when
 * SMTP_URL is set, else (development only) as .eml files in the mail outbox folder. A connected mailbox's own
 * send (Gmail, Graph) is not used yet.
 */
export function createFounderMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string | undefined;
}): TFounderMailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(email) {
      const threading = email.inReplyTo
        ? { inReplyTo: bracketed(email.inReplyTo), references: [bracketed(email.inReplyTo)] }
        : {};
      const info = await transport.sendMail({
        from: options.from,
        to: email.to,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        subject: email.subject,
        text: email.text,
        ...threading,
      });
      if (!options.smtpUrl) {
        const dir = options.outboxDir ?? defaultOutboxDir;
        await mkdir(dir, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        await writeFile(
          path.join(dir, `${stamp}-founder-reply-${randomBytes(4).toString('hex')}.eml`),
          (info as { message: Buffer }).message,
        );
      }
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
