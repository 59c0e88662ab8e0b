import { randomUUID } from 'node:crypto';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearSnsCertificateCache } from '../providers/sns-message.js';
import { buildMail } from '../test/factories/mail.factory.js';
import { SNS_HOST, startSnsStandIn } from '../test/sns-stand-in.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';

/**
 * Amazon SES inbound through SNS, against a local stand-in for `sns.us-east-1.amazonaws.com` that signs as
 * "Verifying the signatures of Amazon SNS messages" documents: its own RSA key and self-signed certificate
 * (served as SigningCertURL), SignatureVersion 1 (SHA1withRSA) or 2 (SHA256withRSA) over the documented
 * string, and a ConfirmSubscription URL. The service reaches it through the outbound guard: a test resolver
 * maps the SNS host to 127.0.0.1, the test allow list admits it, the stand-in's TLS certificate names it.
 */
const ORG = 61;
const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-inbound';
let h: TIngestTest;
let inbox: { address: string; secret: string };
let sns: Awaited<ReturnType<typeof startSnsStandIn>>;
let certFetches: string[];
let confirmations: URLSearchParams[];
const certPath = '/SimpleNotificationService-01d088a6f77103d0fe307c0069e40ed6.pem';

const snsBase = () => sns.base;
const signed = (m: Record<string, string | undefined>, version: '1' | '2' = '1') => sns.signed(m, version);
/** An SES "Received" notification with the raw email as content (receipt rule, SNS action). */
const sesMessage = (raw: Buffer, encoding: 'UTF8' | 'BASE64') =>
  sns.sesMessage(raw, [inbox.address], TOPIC, encoding);
const notification = (message: string, over: Record<string, string> = {}) =>
  sns.notification(TOPIC, message, over);

const basic = (password: string) => `Basic ${Buffer.from(`dealflow:${password}`).toString('base64')}`;

/** As SNS posts: the JSON envelope as text/plain, its headers, basic auth from the subscription URL. */
const post = (body: Record<string, unknown>, opts: { secret?: string | null; query?: string } = {}) =>
  h.app.inject({
    method: 'POST',
    url: `/webhooks/mail/ses${opts.query ?? ''}`,
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      'x-amz-sns-message-type': String(body.Type),
      'x-amz-sns-message-id': String(body.MessageId),
      'x-amz-sns-topic-arn': TOPIC,
      'user-agent': 'Amazon Simple Notification Service Agent',
      ...(opts.secret === null ? {} : { authorization: basic(opts.secret ?? inbox.secret) }),
    },
  });

const record = (id: number) =>
  waitFor(
    async () => {
      const r = (
        await h.app.inject({ method: 'GET', url: `/api/emails/${id}`, headers: h.headersFor(ORG) })
      ).json();
      return r.status === 'completed' ? r : null;
    },
    { timeoutMs: 60_000 },
  );

beforeAll(async () => {
  sns = await startSnsStandIn();
  certFetches = sns.certFetches;
  confirmations = sns.confirmations;
  h = await startIngest({ outbound: sns.outbound });
  inbox = await h.createOrganization(ORG);
});
afterAll(async () => {
  await h?.stop();
  await sns?.stop();
});
beforeEach(() => clearSnsCertificateCache());

describe('Amazon SES through an SNS HTTPS subscription', () => {
  it('confirms the subscription through SubscribeURL once the signature checks (SignatureVersion 1)', async () => {
    const token = 'tok-' + randomUUID();
    const message = signed({
      Type: 'SubscriptionConfirmation',
      MessageId: randomUUID(),
      Token: token,
      TopicArn: TOPIC,
      Message: `You have chosen to subscribe to the topic ${TOPIC}.`,
      SubscribeURL: `${snsBase()}/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=${token}`,
      Timestamp: new Date().toISOString(),
    });
    const res = await post(message, { query: `?recipient=${encodeURIComponent(inbox.address)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'SubscriptionConfirmation', emailId: null });
    expect(confirmations.map((c) => c.get('Token'))).toEqual([token]);
  });

  it('receives the raw email of a Received notification (UTF8, SignatureVersion 2), once per message', async () => {
    const raw = await buildMail({
      to: inbox.address,
      subject: 'SES deck',
      text: 'https://docsend.com/view/ses1',
    });
    const message = signed(notification(sesMessage(raw, 'UTF8')), '2');
    const fetchesBefore = certFetches.length;
    const res = await post(message);
    expect(res.statusCode).toBe(200);
    const { emailId } = res.json();
    expect(await record(emailId)).toMatchObject({
      subject: 'SES deck',
      deckLinks: ['https://docsend.com/view/ses1'],
    });
    // SNS delivers at least once: the same notification again is the same record.
    expect((await post(message)).json()).toEqual({ type: 'Notification', emailId });
    expect(certFetches.length - fetchesBefore).toBe(1); // cached for the second delivery
  });

  it('decodes BASE64 content', async () => {
    const raw = await buildMail({ to: inbox.address, subject: 'SES base64 déck' });
    const res = await post(signed(notification(sesMessage(raw, 'BASE64')), '1'));
    expect(res.statusCode).toBe(200);
    const got = await h.app.inject({
      method: 'GET',
      url: `/api/emails/${res.json().emailId}`,
      headers: h.headersFor(ORG),
    });
    expect(got.json().subject).toBe('SES base64 déck');
  });

  it('refuses a changed message, a stale one, a certificate off an SNS host, and a wrong or missing secret', async () => {
    const raw = await buildMail({ to: inbox.address, subject: 'SES refused' });
    const good = signed(notification(sesMessage(raw, 'UTF8')));
    const fetchesBefore = certFetches.length;
    const cases = [
      { ...good, Message: good.Message!.replace('SES refused', 'SES forged') },
      signed(
        notification(sesMessage(raw, 'UTF8'), {
          Timestamp: new Date(Date.now() - 2 * 3600_000).toISOString(),
        }),
      ),
      signed({ ...notification(sesMessage(raw, 'UTF8')), SigningCertURL: `${sns.rawBase}${certPath}` }),
      signed({
        ...notification(sesMessage(raw, 'UTF8')),
        SigningCertURL: `https://sns.us-east-1.example.com${certPath}`,
      }),
      signed({ ...notification(sesMessage(raw, 'UTF8')), SigningCertURL: `http://${SNS_HOST}${certPath}` }),
    ];
    for (const body of cases) expect((await post(body)).statusCode).toBe(401);
    expect((await post(good, { secret: 'wrong-secret-000000' })).statusCode).toBe(401);
    expect((await post(good, { secret: null })).statusCode).toBe(401);
    // Only the changed message got as far as the SNS certificate; the others never fetched anything.
    expect(certFetches.length - fetchesBefore).toBe(1);
    expect(
      await h.query("SELECT id FROM emails WHERE subject IN ('SES refused', 'SES forged')"),
    ).toHaveLength(0);
  });

  it('answers 400 to a notification without content and to a post that is not SNS', async () => {
    const noContent = JSON.stringify({
      notificationType: 'Received',
      receipt: { recipients: [inbox.address] },
    });
    const res = await post(signed(notification(noContent)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/SNS action/);
    expect((await post({ hello: 'world' })).statusCode).toBe(400);
  });

  it('certificate URLs must be an SNS host (unit)', async () => {
    const { snsUrl } = await import('../providers/sns-message.js');
    expect(
      snsUrl('https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-x.pem', /\.pem$/),
    ).not.toBeNull();
    expect(snsUrl('https://sns.cn-north-1.amazonaws.com.cn/a.pem', /\.pem$/)).not.toBeNull();
    for (const bad of [
      'https://sns.eu-west-1.amazonaws.com.evil.test/a.pem',
      'https://evil.test/sns.eu-west-1.amazonaws.com/a.pem',
      'https://user:pw@sns.eu-west-1.amazonaws.com/a.pem',
      'https://s3.amazonaws.com/a.pem',
      'https://sns.eu-west-1.amazonaws.com/a.txt',
    ])
      expect(snsUrl(bad, /\.pem$/)).toBeNull();
  });
});
