import { randomBytes } from 'node:crypto';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, mailgunFields, multipart, sendgridFields } from '../test/provider-posts.js';
import { sampleDeck } from '../test/factories/deck.factory.js';
import { buildMail } from '../test/factories/mail.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';
import { startHttpsStandIn } from '../test/https-stand-in.js';

const ORG = 51;
let h: TIngestTest;
let inbox: { address: string; secret: string };

const basic = basicAuth;

const postForm = async (fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const { payload, contentType } = await multipart(fields);
  return h.app.inject({
    method: 'POST',
    url: '/webhooks/mail',
    payload,
    headers: { 'content-type': contentType, ...headers },
  });
};
const owner = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  role: 'owner' | 'member' = 'owner',
) =>
  h.app.inject({
    method,
    url,
    payload,
    headers: h.headersFor(ORG, role, role === 'owner' ? ORG * 100 : ORG * 100 + 1),
  });

const completed = (id: number) =>
  waitFor(
    async () => {
      const r = (
        await h.app.inject({ method: 'GET', url: `/api/emails/${id}`, headers: h.headersFor(ORG) })
      ).json();
      return r.status === 'completed' ? r : null;
    },
    { timeoutMs: 60_000 },
  ); // the first deck warms the deck worker pool; slow on a loaded machine

/** The largest raw message (MAIL_MAX_BYTES), small here so a message at the cap is cheap to build. */
const MAIL_MAX = 2 * 1024 * 1024;

beforeAll(async () => {
  h = await startIngest({ env: { MAIL_MAX_BYTES: String(MAIL_MAX) } });
  inbox = await h.createOrganization(ORG);
});
afterAll(async () => h?.stop());

describe('SendGrid Inbound Parse (raw mode)', () => {
  it('becomes a completed record when basic auth carries the organization secret', async () => {
    const raw = await buildMail({
      to: 'deals@fund.test',
      subject: 'SendGrid deck',
      attachments: [{ filename: 'deck.pdf', content: await sampleDeck(), contentType: 'application/pdf' }],
    });
    const res = await postForm(sendgridFields(raw, inbox.address), { authorization: basic(inbox.secret) });
    expect(res.statusCode).toBe(202);
    const r = await completed(res.json().emailId);
    expect(r).toMatchObject({ subject: 'SendGrid deck', fromEmail: 'jane@acmerobotics.io' });
    expect(r.extractedData).toMatchObject({ companyName: 'Acme Robotics' });
  });

  it('refuses a wrong password, no credentials and a bearer of the secret (SendGrid sends basic auth)', async () => {
    const raw = await buildMail({ to: inbox.address, subject: 'SendGrid refused' });
    const fields = sendgridFields(raw, inbox.address);
    expect((await postForm(fields, { authorization: basic('wrong') })).statusCode).toBe(401);
    expect((await postForm(fields)).statusCode).toBe(401);
    expect(await h.query("SELECT id FROM emails WHERE subject = 'SendGrid refused'")).toHaveLength(0);
  });

  it('answers 400 to a form with neither email nor body-mime', async () => {
    const res = await postForm(
      { to: inbox.address, text: 'parsed mode' },
      { authorization: basic(inbox.secret) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/neither `email`/);
  });
});

describe('Mailgun routes (forward to a "mime" URL)', () => {
  const key = 'key-' + randomBytes(16).toString('hex');
  /** The route forwards to the webhook URL with the secret as its user:password, as the setup page shows. */
  const postMailgun = (fields: Record<string, string>) =>
    postForm(fields, { authorization: basic(inbox.secret) });

  it('is refused until the owner stores the signing key; members cannot store it', async () => {
    const raw = await buildMail({ to: inbox.address, subject: 'Mailgun before key' });
    expect((await postMailgun(mailgunFields(raw, inbox.address, key))).statusCode).toBe(401);
    expect(
      (await owner('PUT', '/api/integrations/mailbox/mailgun-key', { signingKey: key }, 'member')).statusCode,
    ).toBe(403);
    const res = await owner('PUT', '/api/integrations/mailbox/mailgun-key', { signingKey: key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mailgunConfigured: true });
    expect(JSON.stringify(res.json())).not.toContain(key);
  });

  it('becomes a completed record with a valid signature, and the same token twice is refused', async () => {
    const raw = await buildMail({
      to: 'deals@fund.test',
      subject: 'Mailgun deck',
      text: 'https://docsend.com/view/mg1',
    });
    const fields = mailgunFields(raw, inbox.address, key);
    const res = await postMailgun(fields);
    expect(res.statusCode).toBe(202);
    const r = await completed(res.json().emailId);
    expect(r).toMatchObject({ subject: 'Mailgun deck', deckLinks: ['https://docsend.com/view/mg1'] });
    const other = await buildMail({ to: inbox.address, subject: 'Mailgun replayed' });
    expect((await postMailgun({ ...fields, 'body-mime': other.toString('utf8') })).statusCode).toBe(401);
    expect(await h.query("SELECT id FROM emails WHERE subject = 'Mailgun replayed'")).toHaveLength(0);
  });

  it('refuses a stale timestamp, a wrong signature and another key', async () => {
    const raw = await buildMail({ to: inbox.address, subject: 'Mailgun bad' });
    const stale = String(Math.floor(Date.now() / 1000) - 600);
    expect((await postMailgun(mailgunFields(raw, inbox.address, key, stale))).statusCode).toBe(401);
    expect((await postMailgun(mailgunFields(raw, inbox.address, 'key-other-000000'))).statusCode).toBe(401);
    const fields = mailgunFields(raw, inbox.address, key);
    expect((await postMailgun({ ...fields, signature: 'a'.repeat(64) })).statusCode).toBe(401);
  });

  it("is refused on the headers without the URL's basic auth, even correctly signed (issue 20)", async () => {
    const raw = await buildMail({ to: inbox.address, subject: 'Mailgun without basic auth' });
    expect((await postForm(mailgunFields(raw, inbox.address, key))).statusCode).toBe(401);
    const wrong = await postForm(mailgunFields(raw, inbox.address, key), { authorization: basic('wrong') });
    expect(wrong.statusCode).toBe(401);
    // Another organization's secret passes the check on headers, but is not this organization's.
    const other = await h.createOrganization(ORG + 1);
    const foreign = await postForm(mailgunFields(raw, inbox.address, key), {
      authorization: basic(other.secret),
    });
    expect(foreign.statusCode).toBe(401);
  });

  it('accepts a post with a deck attached whose message is at the size cap (the form adds its fields)', async () => {
    const deck = await sampleDeck();
    // A second attachment fills the message up to a few hundred bytes under MAIL_MAX_BYTES, as a deck with its
    // appendix would; the form's own fields and boundaries then take the post past MAIL_MAX_BYTES.
    const message = (fillerBytes: number) =>
      buildMail({
        to: 'deals@fund.test',
        subject: 'Mailgun big deck',
        attachments: [
          { filename: 'deck.pdf', content: deck, contentType: 'application/pdf' },
          {
            filename: 'appendix.bin',
            content: Buffer.alloc(fillerBytes, 'x'),
            contentType: 'application/pdf',
          },
        ],
      });
    let fillerBytes = 0;
    let raw = await message(fillerBytes);
    for (let i = 0; i < 4 && Math.abs(MAIL_MAX - 300 - raw.length) > 120; i += 1) {
      // base64 takes 4 bytes per 3, and a line break per 76 characters
      fillerBytes += Math.floor(((MAIL_MAX - 300 - raw.length) * 3 * 76) / (4 * 78));
      raw = await message(fillerBytes);
    }
    expect(raw.length).toBeLessThanOrEqual(MAIL_MAX);
    expect(raw.length).toBeGreaterThan(MAIL_MAX - 512);
    const res = await postMailgun(mailgunFields(raw, inbox.address, key));
    expect(res.statusCode, res.body).toBe(202);
    const r = await completed(res.json().emailId);
    expect(r.extractedData).toMatchObject({ companyName: 'Acme Robotics' });
  });

  it('refuses a message over the cap with 413 {message}', async () => {
    const raw = await buildMail({
      to: inbox.address,
      subject: 'Mailgun too big',
      attachments: [{ filename: 'big.bin', content: Buffer.alloc(MAIL_MAX, 'x') }],
    });
    const res = await postMailgun(mailgunFields(raw, inbox.address, key));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('Postmark inbound (JSON with RawEmail)', () => {
  const postmark = async (raw: Buffer, extra: object = {}) => ({
    FromName: 'Jane Founder',
    MessageStream: 'inbound',
    From: 'jane@acmerobotics.io',
    FromFull: { Email: 'jane@acmerobotics.io', Name: 'Jane Founder', MailboxHash: '' },
    To: inbox.address,
    ToFull: [{ Email: inbox.address, Name: '', MailboxHash: '' }],
    Cc: '',
    CcFull: [],
    OriginalRecipient: inbox.address,
    Subject: 'Postmark deck',
    MessageID: '22c74902-a0c1-4511-804f-341342852c90',
    ReplyTo: '',
    MailboxHash: '',
    Date: 'Fri, 1 Aug 2026 16:45:32 -04:00',
    TextBody: 'See the deck',
    HtmlBody: '',
    StrippedTextReply: '',
    Tag: '',
    Headers: [{ Name: 'X-Spam-Status', Value: 'No' }],
    Attachments: [],
    RawEmail: raw.toString('utf8'),
    ...extra,
  });
  const post = (payload: object, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'POST',
      url: '/webhooks/mail',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('becomes a record with basic auth, and is refused without it', async () => {
    const raw = await buildMail({
      to: 'deals@fund.test',
      subject: 'Postmark deck',
      text: 'https://pitch.com/v/pm',
    });
    expect((await post(await postmark(raw))).statusCode).toBe(401);
    const res = await post(await postmark(raw), { authorization: basic(inbox.secret) });
    expect(res.statusCode).toBe(202);
    expect((await completed(res.json().emailId)).subject).toBe('Postmark deck');
  });

  it('says to turn on raw email content when RawEmail is missing', async () => {
    const raw = await buildMail({ to: inbox.address });
    const res = await post(await postmark(raw, { RawEmail: undefined }), {
      authorization: basic(inbox.secret),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Include raw email content/);
  });
});

describe('the webhook secret: rotate (the reveal: webhook-secret.test.ts)', () => {
  it('rotates for the owner only; the old secret stops working at once', async () => {
    expect(
      (await owner('POST', '/api/integrations/mailbox/webhook-secret', undefined, 'member')).statusCode,
    ).toBe(403);
    const res = await owner('POST', '/api/integrations/mailbox/webhook-secret');
    expect(res.statusCode).toBe(200);
    const revealed = await h.app.inject({
      method: 'POST',
      url: '/api/integrations/mailbox/webhook-secret/reveal',
      headers: h.headers({ userId: ORG * 100, orgId: ORG, role: 'owner', authenticatedAt: new Date() }),
    });
    const fresh = revealed.json().webhookSecret as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(fresh).not.toBe(inbox.secret);
    const raw = await buildMail({ to: inbox.address, subject: 'After rotation' });
    const post = (secret: string) =>
      h.app.inject({
        method: 'POST',
        url: '/webhooks/mail',
        payload: raw,
        headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${secret}` },
      });
    expect((await post(inbox.secret)).statusCode).toBe(401);
    expect((await post(fresh)).statusCode).toBe(202);
    inbox.secret = fresh;
  });
});

describe('deck links in the body are downloaded server-side through the outbound guard', () => {
  let standIn: Awaited<ReturnType<typeof startHttpsStandIn>>;
  beforeAll(async () => {
    const pdf = await sampleDeck();
    standIn = await startHttpsStandIn((req, res) => {
      if (req.url === '/files/acme-deck.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(pdf);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    process.env.OUTBOUND_TEST_ALLOW = '127.0.0.1';
    process.env.OUTBOUND_TEST_CA_FILE = standIn.caFile;
  });
  afterAll(async () => {
    delete process.env.OUTBOUND_TEST_ALLOW;
    delete process.env.OUTBOUND_TEST_CA_FILE;
    await standIn?.stop();
  });

  it('reads a direct .pdf link like an attachment; a DocSend link stays on the record', async () => {
    const link = `${standIn.base}/files/acme-deck.pdf`;
    const raw = await buildMail({
      to: 'deals@fund.test',
      subject: 'Deck by link',
      text: `Our deck: ${link}\nAlso on https://docsend.com/view/acme1`,
    });
    const res = await postForm(sendgridFields(raw, inbox.address), { authorization: basic(inbox.secret) });
    expect(res.statusCode).toBe(202);
    const r = await completed(res.json().emailId);
    expect(r.deckLinks).toEqual([link, 'https://docsend.com/view/acme1']);
    expect(r.extractedData).toMatchObject({ companyName: 'Acme Robotics', fundingRound: 'Seed' });
  });
});
