import { randomBytes } from 'node:crypto';
import { signMailgun } from '../domain/mail/inbound-providers.js';

/** A form encoded exactly as the platform sends multipart/form-data (what SendGrid and Mailgun post). */
export async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://stand-in/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

export const basicAuth = (password: string, user = 'dealflow') =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** SendGrid Inbound Parse with "POST the raw, full MIME message" on: the fields its docs list. */
export const sendgridFields = (raw: Buffer, to: string | string[]) => {
  const envelopeTo = Array.isArray(to) ? to : [to];
  return {
    dkim: '{@acmerobotics.io : pass}',
    email: raw.toString('utf8'),
    to: envelopeTo.join(', '),
    from: 'Jane Founder <jane@acmerobotics.io>',
    sender_ip: '203.0.113.7',
    spam_report: '',
    envelope: JSON.stringify({ to: envelopeTo, from: 'jane@acmerobotics.io' }),
    subject: 'Acme deck',
    spam_score: '0.1',
    charsets: JSON.stringify({ to: 'UTF-8', subject: 'UTF-8', from: 'UTF-8' }),
    SPF: 'pass',
  };
};

/** Mailgun's forward() to a URL ending in "mime": the fields of its "Parsed Messages" docs for MIME. */
export const mailgunFields = (
  raw: Buffer,
  to: string,
  key: string,
  timestamp = String(Math.floor(Date.now() / 1000)),
  token = randomBytes(25).toString('hex'),
) => ({
  recipient: to,
  sender: 'jane@acmerobotics.io',
  from: 'Jane Founder <jane@acmerobotics.io>',
  subject: 'Acme deck',
  'body-mime': raw.toString('utf8'),
  timestamp,
  token,
  signature: signMailgun(key, timestamp, token),
});

/** Postmark's inbound JSON with "Include raw email content" on (the fields its docs list that matter here). */
export const postmarkJson = (raw: Buffer, to: string) => ({
  FromName: 'Jane Founder',
  From: 'jane@acmerobotics.io',
  To: to,
  ToFull: [{ Email: to, Name: '', MailboxHash: '' }],
  OriginalRecipient: to,
  Subject: 'Acme deck',
  MessageID: '73e6d360-66eb-11e1-8e72-a8904824019b',
  RawEmail: raw.toString('utf8'),
});
