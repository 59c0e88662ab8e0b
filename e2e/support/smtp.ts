import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One captured email, as the `mail` fixture returns it. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL in the text and html bodies, in order, without duplicates. */
  links: string[];
  /** Raw header values by lower-case name (the last one when repeated), unfolded. */
  headers: Record<string, string>;
  receivedAt: string;
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.map((entry) => (entry.address ?? '').toLowerCase()),
  );

export function extractLinks(...bodies: string[]): string[] {
  const links = new Set<string>();
  for (const body of bodies) {
    for (const match of body.matchAll(/https?:\/\/[^\s"'<>)\]]+/g)) {
      links.add(match[0].replace(/&amp;/g, '&').replace(/[.,;]+$/, ''));
    }
  }
  return [...links];
}

/**
 * A real SMTP server (the `smtp-server` package) that keeps every message it receives, parsed with
 * mailparser. No TLS, any credentials accepted: svc-identity sends to it through nodemailer with SMTP_URL.
 */
export async function startSmtpCapture(): Promise<{
  url: string;
  messages: CapturedMail[];
  stop(): Promise<void>;
}> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'e2e' }),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const text = parsed.text ?? '';
          messages.push({
            from: addresses(parsed.from)[0] ?? '',
            to: [...new Set([...envelopeTo, ...addresses(parsed.to)])],
            subject: parsed.subject ?? '',
            text,
            html,
            links: extractLinks(text, html),
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
