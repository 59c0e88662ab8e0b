import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodemailer, { type Transporter } from 'nodemailer';
import { withSupportFooter, type TEmailContent } from '../emails/templates.js';

export interface TLoggerLike {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface TMailer {
  /**
   * `kind` names the template in logs; the body (which holds tokens) is never logged. `replyTo` replaces the
   * support address as Reply-To (a support request: the support team answers the person who sent it).
   */
  send(to: string, content: TEmailContent, kind: string, options?: { replyTo?: string }): Promise<void>;
  close(): void;
}

/** The repository root (svc-identity/src|dist/repositories -> ../../..). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const defaultOutboxDir = path.join(repoRoot, '.outbox');

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each email is written as JSON to the outbox
 * folder (the seed's development fallback) and logged without its body.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  /** SUPPORT_EMAIL: the Reply-To of every email and its closing line. */
  supportEmail: string;
  outboxDir?: string;
  logger: TLoggerLike;
}): TMailer {
  const { logger, from, supportEmail } = options;
  const finish = (content: TEmailContent) => withSupportFooter(content, supportEmail);
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(to, message, kind, options) {
        const content = finish(message);
        const info = await transport.sendMail({
          from,
          to,
          replyTo: options?.replyTo ?? supportEmail,
          subject: content.subject,
          html: content.html,
          text: content.text,
          ...(content.oneClickUnsubscribeUrl
            ? {
                list: { unsubscribe: content.oneClickUnsubscribeUrl },
                headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
              }
            : {}),
        });
        logger.info({ kind, to, messageId: info.messageId }, 'email sent over SMTP');
      },
      close: () => transport.close(),
    };
  }
  const dir = options.outboxDir ?? defaultOutboxDir;
  return {
    async send(to, message, kind, options) {
      const content = finish(message);
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${kind}-${randomBytes(4).toString('hex')}.json`,
      );
      await writeFile(
        file,
        JSON.stringify(
          {
            from,
            to,
            replyTo: options?.replyTo ?? supportEmail,
            kind,
            subject: content.subject,
            text: content.text,
            html: content.html,
            ...(content.oneClickUnsubscribeUrl ? { listUnsubscribe: content.oneClickUnsubscribeUrl } : {}),
          },
          null,
          2,
        ),
      );
      logger.info(
        { kind, to, subject: content.subject, file },
        'email written to the local outbox (no SMTP_URL)',
      );
    },
    close: () => undefined,
  };
}
