import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Topics } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../domain/mail/webhook-auth.js';
import { buildMail } from '../test/factories/mail.factory.js';
import { sampleDeck } from '../test/factories/deck.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';

let h: TIngestTest;
let inbox: { address: string; secret: string };

const post = (raw: Buffer, headers: Record<string, string>, url = '/webhooks/mail') =>
  h.app.inject({
    method: 'POST',
    url,
    payload: raw,
    headers: { 'content-type': 'message/rfc822', ...headers },
  });

const record = async (orgId: number, id: number) => {
  const res = await h.app.inject({ method: 'GET', url: `/api/emails/${id}`, headers: h.headersFor(orgId) });
  return res.json();
};

beforeAll(async () => {
  h = await startIngest({ env: { MAIL_MAX_BYTES: String(400 * 1024) } });
  inbox = await h.createOrganization(1);
});
afterAll(async () => h?.stop());

/** Sends the headers and the first 64 KB of a 20 MB chunked body, then waits for the answer. */
const answerBeforeBody = async (headers: string[], contentType = 'message/rfc822') => {
  if (!h.app.server.listening) await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  return new Promise<{ status: string; sent: number }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer while the body was still unsent: the server waited for it'));
    }, 5_000);
    socket.on('data', (data) => {
      received += data.toString('latin1');
      if (!received.includes('\r\n\r\n')) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: received.slice(0, received.indexOf('\r\n')), sent });
    });
    socket.on('error', () => undefined);
    socket.write(
      [
        'POST /webhooks/mail HTTP/1.1',
        'Host: ingest.test',
        `Content-Type: ${contentType}`,
        'Transfer-Encoding: chunked',
        'X-Intended-Length: 20971520',
        ...headers,
        '',
        '',
      ].join('\r\n'),
    );
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    socket.write(`${chunk.length.toString(16)}\r\n`);
    socket.write(chunk);
    socket.write('\r\n');
    sent += chunk.length;
    // The other 20 MB - 64 KB are never sent: only a server that answers on the headers answers at all.
  });
};

describe('POST /webhooks/mail', () => {
  it('stores an email with its PDF deck, answers 202, and the consumer turns it into a completed record', async () => {
    const raw = await buildMail({
      to: inbox.address,
      attachments: [{ filename: 'deck.pdf', content: await sampleDeck(), contentType: 'application/pdf' }],
    });
    const res = await post(raw, { authorization: `Bearer ${inbox.secret}` });
    expect(res.statusCode).toBe(202);
    const { emailId } = res.json();
    const done = await waitFor(async () => {
      const r = await record(1, emailId);
      return r.status === 'completed' ? r : null;
    });
    expect(done.from).toBe('Jane Founder');
    expect(done.fromEmail).toBe('jane@acmerobotics.io');
    expect(done.attachments).toEqual([
      expect.objectContaining({ filename: 'deck.pdf', contentType: 'application/pdf' }),
    ]);
    expect(done.extractedData).toMatchObject({
      companyName: 'Acme Robotics',
      fundingRound: 'Seed',
      fundingAmount: '$4M',
      foundedYear: 2021,
    });
  });

  it('accepts an HMAC-SHA256 signature of the body instead of the bearer secret', async () => {
    const raw = await buildMail({ to: inbox.address, text: 'Deck: https://docsend.com/view/abc123' });
    const res = await post(raw, { 'x-dealflow-signature': signBody(inbox.secret, raw) });
    expect(res.statusCode).toBe(202);
  });

  it('refuses a wrong secret, a wrong signature, no credentials and the seed bypass headers with 401', async () => {
    const raw = await buildMail({ to: inbox.address });
    expect((await post(raw, { authorization: 'Bearer wrong-secret' })).statusCode).toBe(401);
    expect((await post(raw, { 'x-dealflow-signature': signBody('other', raw) })).statusCode).toBe(401);
    const anonymous = await post(raw, { 'x-auth-bypass': 'true', 'x-user-id': '100' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Webhook secret or signature missing or wrong' });
    const [row] = await h.query<{ n: string }>('SELECT count(*) AS n FROM emails WHERE subject = ?', [
      raw
        .toString()
        .match(/Subject: (.*)/)![1]!
        .trim(),
    ]);
    expect(Number(row!.n)).toBe(0);
  });

  it('refuses a wrong or missing credential on the headers, without reading the body (a 20 MB post)', async () => {
    const wrong = await answerBeforeBody([`Authorization: Bearer wrong-${inbox.secret}`]);
    expect(wrong.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(wrong.sent).toBeLessThan(20 * 1024 * 1024);
    const basic = await answerBeforeBody([
      `Authorization: Basic ${Buffer.from('sendgrid:nope').toString('base64')}`,
    ]);
    expect(basic.status).toBe('HTTP/1.1 401 Unauthorized');
    const none = await answerBeforeBody([]);
    expect(none.status).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('refuses an unauthenticated 20 MB form and a malformed signature on the headers, before the body (issue 20)', async () => {
    const form = 'multipart/form-data; boundary=----dealflow-test-boundary';
    const started = Date.now();
    const none = await answerBeforeBody([], form);
    expect(none.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(none.sent).toBeLessThan(20 * 1024 * 1024);
    const urlencoded = await answerBeforeBody([], 'application/x-www-form-urlencoded');
    expect(urlencoded.status).toBe('HTTP/1.1 401 Unauthorized');
    // The product's own signature is an HMAC of the body: a value not of its shape is refused on the headers.
    const malformed = await answerBeforeBody(['X-Dealflow-Signature: sha256=00'], form);
    expect(malformed.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses another organization's secret and an unknown inbound address", async () => {
    const other = await h.createOrganization(2);
    const raw = await buildMail({ to: inbox.address });
    expect((await post(raw, { authorization: `Bearer ${other.secret}` })).statusCode).toBe(401);
    const unknown = await buildMail({ to: 'fund-0123456789ab@in.test' });
    expect((await post(unknown, { authorization: `Bearer ${inbox.secret}` })).statusCode).toBe(401);
  });

  it('takes the recipient from ?recipient= or Delivered-To when To is a list address', async () => {
    const raw = await buildMail({ to: 'deals@fund.test' });
    const res = await post(
      raw,
      { authorization: `Bearer ${inbox.secret}` },
      `/webhooks/mail?recipient=${encodeURIComponent(inbox.address)}`,
    );
    expect(res.statusCode).toBe(202);
    const delivered = await buildMail({ to: 'deals@fund.test', headers: { 'Delivered-To': inbox.address } });
    expect((await post(delivered, { authorization: `Bearer ${inbox.secret}` })).statusCode).toBe(202);
  });

  it('answers 413 above MAIL_MAX_BYTES and stores nothing', async () => {
    const raw = await buildMail({
      to: inbox.address,
      subject: 'huge one',
      attachments: [{ filename: 'big.pdf', content: Buffer.alloc(500 * 1024, 1) }],
    });
    const res = await post(raw, { authorization: `Bearer ${inbox.secret}` });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/i);
    expect(await h.query("SELECT id FROM emails WHERE subject = 'huge one'")).toHaveLength(0);
  });

  it('answers 400 to a body that is not a message (no sender) and to an empty body', async () => {
    const garbage = Buffer.from(`To: ${inbox.address}\r\n\r\n\u0000\u0001 not a mime message`);
    const res = await post(garbage, { authorization: `Bearer ${inbox.secret}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Malformed message/);
    const empty = await h.app.inject({
      method: 'POST',
      url: `/webhooks/mail?recipient=${encodeURIComponent(inbox.address)}`,
      payload: '',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${inbox.secret}` },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('stores a redelivered message (same Message-ID) once', async () => {
    const raw = await buildMail({
      to: inbox.address,
      messageId: '<same-id@founder.io>',
      text: 'https://pitch.com/v/acme-x1',
    });
    const first = await post(raw, { authorization: `Bearer ${inbox.secret}` });
    const second = await post(raw, { authorization: `Bearer ${inbox.secret}` });
    expect(second.statusCode).toBe(202);
    expect(second.json().emailId).toBe(first.json().emailId);
    expect(await h.query("SELECT id FROM emails WHERE message_id = '<same-id@founder.io>'")).toHaveLength(1);
  });

  it('keeps the founder as sender of a forwarded email and records who forwarded it', async () => {
    const raw = await buildMail({
      to: inbox.address,
      from: 'Olivia Partner <owner1@fund.test>',
      subject: 'Fwd: Nimbus deck',
      text: 'Worth a look.\n\n---------- Forwarded message ---------\nFrom: Nina Founder <nina@nimbus.dev>\nDate: Mon, 17 Nov 2026\nSubject: Nimbus deck\n\nHi! Our deck: https://drive.google.com/file/d/123/view',
    });
    const res = await post(raw, { authorization: `Bearer ${inbox.secret}` });
    const id = res.json().emailId;
    const r = await waitFor(async () => {
      const rec = await record(1, id);
      return rec.status === 'completed' ? rec : null;
    });
    expect(r).toMatchObject({
      from: 'Nina Founder',
      fromEmail: 'nina@nimbus.dev',
      deckLinks: ['https://drive.google.com/file/d/123/view'],
    });
    const [row] = await h.query<{ forwarded_by: string; user_id: number }>(
      'SELECT forwarded_by, user_id FROM emails WHERE id = ?',
      [id],
    );
    expect(row).toEqual({ forwarded_by: 'owner1@fund.test', user_id: 100 });
  });

  it('decodes non-UTF-8 charsets and keeps inline images out of the deck attachments', async () => {
    const latin1 = Buffer.from(
      [
        `To: ${inbox.address}`,
        'From: =?ISO-8859-1?Q?Ren=E9_Dupr=E9?= <rene@cafe-lumiere.fr>',
        'Subject: =?ISO-8859-1?Q?Caf=E9_Lumi=E8re_-_pr=E9sentation?=',
        'Message-ID: <latin1@cafe-lumiere.fr>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/related; boundary="rel"',
        '',
        '--rel',
        'Content-Type: multipart/alternative; boundary="alt"',
        '',
        '--alt',
        'Content-Type: text/plain; charset=ISO-8859-1',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Voici notre pr=E9sentation: https://www.dropbox.com/s/abc/deck.pdf',
        '--alt',
        'Content-Type: text/html; charset=ISO-8859-1',
        '',
        '<p>Voici notre pr\xe9sentation <img src="cid:logo@x"></p>',
        '--alt--',
        '--rel',
        'Content-Type: image/png',
        'Content-ID: <logo@x>',
        'Content-Disposition: inline',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('png-bytes').toString('base64'),
        '--rel--',
        '',
      ].join('\r\n'),
      'latin1',
    );
    const res = await post(latin1, { authorization: `Bearer ${inbox.secret}` });
    expect(res.statusCode).toBe(202);
    const r = await waitFor(async () => {
      const rec = await record(1, res.json().emailId);
      return rec.status === 'completed' ? rec : null;
    });
    expect(r.from).toBe('René Dupré');
    expect(r.subject).toBe('Café Lumière - présentation');
    expect(r.attachments).toEqual([]);
    expect(r.deckLinks).toEqual(['https://www.dropbox.com/s/abc/deck.pdf']);
    const [stored] = await h.query<{ n: string }>(
      'SELECT count(*) AS n FROM attachments WHERE email_id = ? AND inline',
      [res.json().emailId],
    );
    expect(Number(stored!.n)).toBe(1);
  });

  it('publishes nothing for a refused post and one email.received per stored email', async () => {
    const before = await h.query<{ n: string }>('SELECT count(*) AS n FROM emails');
    const raw = await buildMail({ to: inbox.address, text: 'https://docsend.com/view/zzz' });
    await post(raw, { authorization: 'Bearer nope' });
    const after = await h.query<{ n: string }>('SELECT count(*) AS n FROM emails');
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(Topics.emailReceived).toBe('ingest.email.received');
  });
});
