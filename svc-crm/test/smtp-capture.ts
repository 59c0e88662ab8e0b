import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the founder's mail server would hold it: envelope and the parsed headers crm sets. */
export interface TCapturedMail {
  envelopeTo: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
}

/**
 * A real SMTP server (smtp-server) on a free local port, parsing what it receives with mailparser (crm's
 * replies are checked on their threading headers). Recipients whose address starts with `refuse` are refused
 * (550), as a mail server refuses an unknown mailbox.
 */
export async function startSmtpCapture() {
  const received: TCapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refuse')) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const references = mail.references;
          received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: mail.from?.text ?? '',
            replyTo: mail.replyTo?.value[0]?.address ?? null,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? null,
            inReplyTo: mail.inReplyTo ?? null,
            references: Array.isArray(references) ? references : references ? [references] : [],
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
