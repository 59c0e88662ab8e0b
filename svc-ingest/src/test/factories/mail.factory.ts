import MailComposer from 'nodemailer/lib/mail-composer/index.js';

let counter = 0;

export interface TMailInput {
  to: string;
  from?: string;
  subject?: string;
  text?: string;
  html?: string;
  messageId?: string;
  attachments?: {
    filename: string;
    content: Buffer | string;
    contentType?: string;
    cid?: string;
    contentDisposition?: 'inline' | 'attachment';
  }[];
  headers?: Record<string, string>;
}

/** A raw RFC 5322 message built by nodemailer's composer (what a real mail server would post). */
export async function buildMail(input: TMailInput): Promise<Buffer> {
  counter++;
  const composer = new MailComposer({
    from: input.from ?? 'Jane Founder <jane@acmerobotics.io>',
    to: input.to,
    subject: input.subject ?? `Acme Robotics pitch deck ${counter}`,
    text: input.text ?? 'Hi, please find our deck attached. Best, Jane',
    html: input.html,
    messageId:
      input.messageId ??
      `<msg-${counter}-${Date.now()}-${Math.random().toString(36).slice(2)}@acmerobotics.io>`,
    attachments: input.attachments,
    headers: input.headers,
  });
  return composer.compile().build();
}
