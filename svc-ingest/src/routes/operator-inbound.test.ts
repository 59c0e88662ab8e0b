import { randomBytes, randomUUID } from 'node:crypto';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSnsCertificateCache } from '../providers/sns-message.js';
import { buildMail } from '../test/factories/mail.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';
import { basicAuth, mailgunFields, multipart, postmarkJson, sendgridFields } from '../test/provider-posts.js';
import { startSnsStandIn } from '../test/sns-stand-in.js';
import { checkOperatorHeaders } from '../use-cases/receive-operator-mail.js';

/**
 * The installation's operator routes (issue 22 item 1): one provider account for every organization, each
 * provider with its own proof and the operator's credential, routed by recipient.
 */
const A = 71;
const B = 72;
const TOPIC = 'arn:aws:sns:us-east-1:123456789012:dealflow-inbound';
const env = {
  INBOUND_OPERATOR_TOKEN: randomBytes(24).toString('base64url'),
  INBOUND_SENDGRID_PASSWORD: randomBytes(18).toString('base64url'),
  INBOUND_POSTMARK_PASSWORD: randomBytes(18).toString('base64url'),
  INBOUND_MAILGUN_SIGNING_KEY: `key-${randomBytes(16).toString('hex')}`,
  INBOUND_SES_TOPIC_ARNS: TOPIC,
};
let h: TIngestTest;
let sns: Awaited<ReturnType<typeof startSnsStandIn>>;
let a: { address: string };
let b: { address: string };

const post = (provider: string, payload: string | Buffer, headers: Record<string, string>) =>
  h.app.inject({ method: 'POST', url: `/webhooks/mail/operator/${provider}`, payload, headers });
const postRaw = (raw: Buffer, token = env.INBOUND_OPERATOR_TOKEN) =>
  post('raw', raw, { 'content-type': 'message/rfc822', authorization: `Bearer ${token}` });
const postForm = async (
  provider: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) => {
  const { payload, contentType } = await multipart(fields);
  return post(provider, payload, { 'content-type': contentType, ...headers });
};
const postSns = (body: Record<string, unknown>) =>
  post('ses', JSON.stringify(body), {
    'content-type': 'text/plain; charset=UTF-8',
    'x-amz-sns-message-type': String(body.Type),
    'x-amz-sns-message-id': String(body.MessageId),
    'x-amz-sns-topic-arn': String(body.TopicArn),
  });

/** The organization's records with this subject (its own view: another organization's are never in it). */
const recordsOf = async (orgId: number, subject: string) => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/emails?searchTerm=${encodeURIComponent(subject)}&filter=all&view=all`,
    headers: h.headersFor(orgId),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { id: number; subject: string }[] }).data.filter(
    (r) => r.subject === subject,
  );
};

beforeAll(async () => {
  sns = await startSnsStandIn();
  h = await startIngest({ env, outbound: sns.outbound });
  a = await h.createOrganization(A);
  b = await h.createOrganization(B);
});
afterAll(async () => {
  await h?.stop();
  await sns?.stop();
});
beforeEach(() => clearSnsCertificateCache());

describe('raw MIME with the operator token', () => {
  it('makes a record for the addressed organization; a redelivery is the same record', async () => {
    const raw = await buildMail({
      to: a.address,
      subject: 'Operator raw deck',
      text: 'https://docsend.com/view/op1',
    });
    const res = await postRaw(raw);
    expect(res.statusCode).toBe(200);
    const { emailIds } = res.json();
    expect(emailIds).toHaveLength(1);
    const record = await waitFor(
      async () => {
        const r = await h.app.inject({
          method: 'GET',
          url: `/api/emails/${emailIds[0]}`,
          headers: h.headersFor(A),
        });
        return r.json().status === 'completed' ? r.json() : null;
      },
      { timeoutMs: 60_000 },
    );
    expect(record).toMatchObject({
      subject: 'Operator raw deck',
      deckLinks: ['https://docsend.com/view/op1'],
    });
    // Replayed: the same message again is the same record, never a second one.
    const again = await postRaw(raw);
    expect(again.statusCode).toBe(200);
    expect(again.json().emailIds).toEqual(emailIds);
    expect(await recordsOf(A, 'Operator raw deck')).toHaveLength(1);
    expect(await recordsOf(B, 'Operator raw deck')).toHaveLength(0);
  });

  it('refuses a wrong or missing token, and an organization secret, before reading the body', async () => {
    const raw = await buildMail({ to: a.address, subject: 'Operator raw wrong' });
    const wrong = await postRaw(raw, 'x'.repeat(40));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers.connection).toBe('close');
    const none = await post('raw', raw, { 'content-type': 'message/rfc822' });
    expect(none.statusCode).toBe(401);
    const orgSecret = (
      await h.app.inject({
        method: 'GET',
        url: `/internal/organizations/${A}/inbound`,
        headers: h.internalHeaders,
      })
    ).json().webhookSecret as string;
    expect((await postRaw(raw, orgSecret)).statusCode).toBe(401);
    expect(await recordsOf(A, 'Operator raw wrong')).toHaveLength(0);
  });
});

describe('routing by recipient', () => {
  it('one message to two organizations is one record in each', async () => {
    const raw = await buildMail({ to: `${a.address}, ${b.address}`, subject: 'Two funds deck' });
    const res = await postRaw(raw);
    expect(res.statusCode).toBe(200);
    expect(res.json().emailIds).toHaveLength(2);
    expect(await recordsOf(A, 'Two funds deck')).toHaveLength(1);
    expect(await recordsOf(B, 'Two funds deck')).toHaveLength(1);
  });

  it('takes the envelope recipient before the headers', async () => {
    // A Bcc: the header names A, the envelope (SendGrid's) names B only.
    const raw = await buildMail({ to: a.address, subject: 'Envelope first deck' });
    const res = await postForm('sendgrid', sendgridFields(raw, b.address), {
      authorization: basicAuth(env.INBOUND_SENDGRID_PASSWORD),
    });
    expect(res.statusCode).toBe(200);
    expect(await recordsOf(B, 'Envelope first deck')).toHaveLength(1);
    expect(await recordsOf(A, 'Envelope first deck')).toHaveLength(0);
  });

  it('reads Delivered-To when the envelope names no organization', async () => {
    const raw = await buildMail({
      to: 'deals@fund.test',
      subject: 'Delivered-To deck',
      headers: { 'Delivered-To': b.address },
    });
    const res = await postForm('sendgrid', sendgridFields(raw, 'deals@fund.test'), {
      authorization: basicAuth(env.INBOUND_SENDGRID_PASSWORD),
    });
    expect(res.statusCode).toBe(200);
    expect(await recordsOf(B, 'Delivered-To deck')).toHaveLength(1);
  });

  it('answers an unknown recipient 200 with no record (the provider must not retry for days)', async () => {
    const raw = await buildMail({ to: 'nobody-0123456789ab@in.test', subject: 'Unknown recipient deck' });
    const res = await postRaw(raw);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: true, emailIds: [] });
    expect(await recordsOf(A, 'Unknown recipient deck')).toHaveLength(0);
    const [row] = await h.query<{ n: string }>(
      `SELECT count(*) AS n FROM emails WHERE subject = 'Unknown recipient deck'`,
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('a rotated address receives for the grace period, then stops; the new one receives', async () => {
    const rotated = await h.app.inject({
      method: 'POST',
      url: '/api/integrations/mailbox/inbound-address',
      headers: h.headersFor(B),
    });
    expect(rotated.statusCode).toBe(200);
    const status = rotated.json();
    expect(status.inboundAddress).not.toBe(b.address);
    expect(status.previousInboundAddress).toBe(b.address);
    expect(status.addressGraceDays).toBe(7);
    expect(Date.parse(status.previousInboundUntil) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    // A member may not rotate.
    const member = await h.app.inject({
      method: 'POST',
      url: '/api/integrations/mailbox/inbound-address',
      headers: h.headersFor(B, 'member', B * 100 + 1),
    });
    expect(member.statusCode).toBe(403);

    const toOld = await postRaw(await buildMail({ to: b.address, subject: 'Old address in grace' }));
    expect(toOld.json().emailIds).toHaveLength(1);
    const toNew = await postRaw(await buildMail({ to: status.inboundAddress, subject: 'New address deck' }));
    expect(toNew.json().emailIds).toHaveLength(1);
    // The grace period over:
    await h.query(
      `UPDATE organizations SET previous_inbound_until = now() - interval '1 second' WHERE id = ?`,
      [B],
    );
    const late = await postRaw(await buildMail({ to: b.address, subject: 'Old address too late' }));
    expect(late.statusCode).toBe(200);
    expect(late.json().emailIds).toEqual([]);
    const after = await h.app.inject({
      method: 'GET',
      url: '/api/integrations/mailbox',
      headers: h.headersFor(B),
    });
    expect(after.json().previousInboundAddress).toBeNull();
    b = { address: status.inboundAddress };
  });
});

describe('SendGrid Inbound Parse (basic auth in the URL)', () => {
  it('valid, wrong password, replayed', async () => {
    const raw = await buildMail({ to: a.address, subject: 'Operator SendGrid deck' });
    const fields = sendgridFields(raw, a.address);
    const ok = await postForm('sendgrid', fields, {
      authorization: basicAuth(env.INBOUND_SENDGRID_PASSWORD),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().emailIds).toHaveLength(1);
    const wrong = await postForm('sendgrid', fields, { authorization: basicAuth('not-the-password-at-all') });
    expect(wrong.statusCode).toBe(401);
    const replay = await postForm('sendgrid', fields, {
      authorization: basicAuth(env.INBOUND_SENDGRID_PASSWORD),
    });
    expect(replay.json().emailIds).toEqual(ok.json().emailIds);
    expect(await recordsOf(A, 'Operator SendGrid deck')).toHaveLength(1);
  });
});

describe('Postmark inbound (basic auth in the URL)', () => {
  it('valid, wrong password, replayed', async () => {
    const raw = await buildMail({ to: a.address, subject: 'Operator Postmark deck' });
    const body = JSON.stringify(postmarkJson(raw, a.address));
    const json = { 'content-type': 'application/json' };
    const ok = await post('postmark', body, {
      ...json,
      authorization: basicAuth(env.INBOUND_POSTMARK_PASSWORD),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().emailIds).toHaveLength(1);
    const wrong = await post('postmark', body, {
      ...json,
      authorization: basicAuth(env.INBOUND_SENDGRID_PASSWORD),
    });
    expect(wrong.statusCode).toBe(401);
    const replay = await post('postmark', body, {
      ...json,
      authorization: basicAuth(env.INBOUND_POSTMARK_PASSWORD),
    });
    expect(replay.json().emailIds).toEqual(ok.json().emailIds);
    expect(await recordsOf(A, 'Operator Postmark deck')).toHaveLength(1);
  });
});

describe('Mailgun routes (the webhook signing key)', () => {
  it('valid; wrong key, stale timestamp and a replayed token refused', async () => {
    const raw = await buildMail({ to: a.address, subject: 'Operator Mailgun deck' });
    const fields = mailgunFields(raw, a.address, env.INBOUND_MAILGUN_SIGNING_KEY);
    const ok = await postForm('mailgun', fields);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().emailIds).toHaveLength(1);
    // Replayed: the same signed token again.
    expect((await postForm('mailgun', fields)).statusCode).toBe(401);
    expect(
      (await postForm('mailgun', mailgunFields(raw, a.address, 'key-someone-elses-signing-key'))).statusCode,
    ).toBe(401);
    const stale = String(Math.floor(Date.now() / 1000) - 6 * 60);
    expect(
      (await postForm('mailgun', mailgunFields(raw, a.address, env.INBOUND_MAILGUN_SIGNING_KEY, stale)))
        .statusCode,
    ).toBe(401);
    expect(await recordsOf(A, 'Operator Mailgun deck')).toHaveLength(1);
  });
});

describe('Amazon SES through SNS (signature and certificate through the outbound guard)', () => {
  it('confirms the subscription, receives a notification for two organizations, keeps a replay once', async () => {
    const token = 'tok-' + randomUUID();
    const confirm = await postSns(
      sns.signed({
        Type: 'SubscriptionConfirmation',
        MessageId: randomUUID(),
        Token: token,
        TopicArn: TOPIC,
        Message: `You have chosen to subscribe to the topic ${TOPIC}.`,
        SubscribeURL: `${sns.base}/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=${token}`,
        Timestamp: new Date().toISOString(),
      }),
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ accepted: true, emailIds: [], type: 'SubscriptionConfirmation' });
    expect(sns.confirmations.map((c) => c.get('Token'))).toContain(token);

    const raw = await buildMail({ to: `${a.address}, ${b.address}`, subject: 'Operator SES deck' });
    const message = sns.signed(
      sns.notification(TOPIC, sns.sesMessage(raw, [a.address, b.address], TOPIC)),
      '2',
    );
    const ok = await postSns(message);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().emailIds).toHaveLength(2);
    // SNS redelivers the same message: the same records, none added.
    const replay = await postSns(message);
    expect(replay.json().emailIds).toEqual(ok.json().emailIds);
    expect(await recordsOf(A, 'Operator SES deck')).toHaveLength(1);
    expect(await recordsOf(B, 'Operator SES deck')).toHaveLength(1);
  });

  it('refuses a forged signature, another topic, and a replay older than SNS retries', async () => {
    const raw = await buildMail({ to: a.address, subject: 'Operator SES refused' });
    const good = sns.signed(sns.notification(TOPIC, sns.sesMessage(raw, [a.address], TOPIC)));
    expect(
      (await postSns({ ...good, Message: good.Message!.replace('Operator SES refused', 'Changed') }))
        .statusCode,
    ).toBe(401);
    const other = 'arn:aws:sns:us-east-1:999999999999:someone-else';
    const fetches = sns.certFetches.length;
    expect(
      (await postSns(sns.signed(sns.notification(other, sns.sesMessage(raw, [a.address], other)))))
        .statusCode,
    ).toBe(401);
    expect(sns.certFetches.length).toBe(fetches); // another topic never makes the service fetch a certificate
    const old = new Date(Date.now() - 2 * 3600_000).toISOString();
    expect(
      (
        await postSns(
          sns.signed(sns.notification(TOPIC, sns.sesMessage(raw, [a.address], TOPIC), { Timestamp: old })),
        )
      ).statusCode,
    ).toBe(401);
    expect(await recordsOf(A, 'Operator SES refused')).toHaveLength(0);
  });
});

describe('an operator route not configured', () => {
  it('answers 404 with what to configure', () => {
    const off = {
      rawToken: undefined,
      sendgridPassword: undefined,
      postmarkPassword: undefined,
      mailgunSigningKey: undefined,
      sesTopicArns: [],
    };
    expect(() => checkOperatorHeaders(off, 'sendgrid', {})).toThrow(/not configured/);
    expect(() => checkOperatorHeaders(off, 'ses', {})).toThrow(/not configured/);
  });
});
