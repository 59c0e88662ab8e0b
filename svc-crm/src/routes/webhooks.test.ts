import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { Topics, type TRole } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { startCrm } from '../../test/crm.js';
import { createDeckExtracted } from '../../test/factories/deck.factory.js';
import { WebhookDeliverySchema } from '../entities/index.js';
import { saveOrganizationPlan } from '../repositories/organization.repository.js';

// Outbound webhooks for customers (issue 23 item 5): owner-only, Pro-only endpoints; deliveries signed as the
// Standard Webhooks specification says, retried with backoff, logged.
process.env.OUTBOUND_TEST_ALLOW = '127.0.0.1';

type Crm = Awaited<ReturnType<typeof startCrm>>;
let crm: Crm;

interface TReceived {
  headers: IncomingMessage['headers'];
  body: string;
}
let receiver: Server;
let receiverUrl: string;
const received: TReceived[] = [];
/** The status codes the receiver answers, in order; 204 once they are used up. */
const answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answers.shift() ?? 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  crm = await startCrm({ CRM_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') });
}, 60_000);
afterAll(async () => {
  await crm?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
}, 60_000);

const PRO = 81;
const FREE = 82;
const OTHER_PRO = 83;
const as = (orgId: number, role: TRole = 'owner', userId = 1) => crm.headersFor(orgId, role, userId);
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: object, payload?: object) =>
  crm.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });
const withPlan = async (orgId: number, plan: 'free' | 'pro') =>
  crm.svc.ctx.orm.em.fork().transactional((em) => saveOrganizationPlan(em, orgId, plan, 'active'));

const deliveriesOf = async (orgId: number, endpointId: number) =>
  (await call('GET', `/api/webhook-endpoints/${endpointId}/deliveries`, as(orgId))).json().deliveries as {
    eventType: string;
    status: string;
    attempts: number;
    lastStatusCode: number | null;
    nextAttemptAt: string | null;
    messageId: string;
  }[];

const create = (orgId: number, body: object, headers = as(orgId)) =>
  call('POST', '/api/webhook-endpoints', headers, body);

beforeAll(async () => {
  await withPlan(PRO, 'pro');
  await withPlan(FREE, 'free');
  await withPlan(OTHER_PRO, 'pro');
});

describe('webhook endpoints', () => {
  it('are Pro only (403 PLAN_REQUIRED) and owner only', async () => {
    const free = await create(FREE, { url: receiverUrl, events: ['deal.created'] });
    expect(free.statusCode).toBe(403);
    expect(free.json().message).toMatch(/Pro plan/);
    expect((await call('GET', '/api/webhook-endpoints', as(FREE))).statusCode).toBe(403);
    const byMember = await create(PRO, { url: receiverUrl, events: ['deal.created'] }, as(PRO, 'member', 2));
    expect(byMember.statusCode).toBe(403);
  });

  it('refuse private addresses, non-https URLs and bad input with a 400 and a message', async () => {
    for (const url of [
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest',
      'http://example.com/hook',
    ]) {
      const refused = await create(PRO, { url, events: ['deal.created'] });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const noEvents = await create(PRO, { url: receiverUrl, events: [] });
    expect(noEvents.statusCode).toBe(400);
    const unknownEvent = await create(PRO, { url: receiverUrl, events: ['deal.deleted'] });
    expect(unknownEvent.statusCode).toBe(400);
    const notUrl = await create(PRO, { url: 'not a url', events: ['deal.created'] });
    expect(notUrl.statusCode).toBe(400);
    expect((await call('GET', '/api/webhook-endpoints', as(PRO))).json().endpoints).toEqual([]);
  });

  it('show the secret once, are scoped to the organization (404), and delete with their log', async () => {
    const created = await create(PRO, { url: receiverUrl, events: ['deal.created'], description: 'Zapier' });
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const listed = (await call('GET', '/api/webhook-endpoints', as(PRO))).json().endpoints;
    expect(listed).toEqual([
      expect.objectContaining({ id, url: receiverUrl, enabled: true, description: 'Zapier' }),
    ]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    for (const [method, path] of [
      ['PATCH', `/api/webhook-endpoints/${id}`],
      ['DELETE', `/api/webhook-endpoints/${id}`],
      ['GET', `/api/webhook-endpoints/${id}/deliveries`],
      ['POST', `/api/webhook-endpoints/${id}/test`],
    ] as const) {
      const other = await call(
        method,
        path,
        as(OTHER_PRO),
        method === 'PATCH' ? { enabled: false } : undefined,
      );
      expect(other.statusCode, `${method} ${path}`).toBe(404);
    }
    const disabled = await call('PATCH', `/api/webhook-endpoints/${id}`, as(PRO), { enabled: false });
    expect(disabled.json().enabled).toBe(false);
    expect((await call('DELETE', `/api/webhook-endpoints/${id}`, as(PRO))).json()).toEqual({
      success: true,
    });
    expect((await call('GET', `/api/webhook-endpoints/${id}/deliveries`, as(PRO))).statusCode).toBe(404);
  });
});

describe('webhook deliveries', () => {
  it('sign "send test" as Standard Webhooks says: the secret verifies, another secret does not', async () => {
    const created = (await create(PRO, { url: receiverUrl, events: ['deal.created'] })).json();
    received.length = 0;
    const test = await call('POST', `/api/webhook-endpoints/${created.id}/test`, as(PRO));
    expect(test.statusCode, test.body).toBe(202);
    await waitFor(() => received.length === 1, { timeoutMs: 10_000 });
    const [message] = received;
    const headers = {
      'webhook-id': String(message!.headers['webhook-id']),
      'webhook-timestamp': String(message!.headers['webhook-timestamp']),
      'webhook-signature': String(message!.headers['webhook-signature']),
    };
    expect(headers['webhook-id']).toBe(test.json().messageId);
    expect(new Webhook(created.secret).verify(message!.body, headers)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: created.id },
    });
    const wrong = `whsec_${Buffer.alloc(24, 1).toString('base64')}`;
    expect(() => new Webhook(wrong).verify(message!.body, headers)).toThrow();
    await waitFor(async () => (await deliveriesOf(PRO, created.id))[0]?.status === 'delivered');
    expect((await deliveriesOf(PRO, created.id))[0]).toMatchObject({ attempts: 1, lastStatusCode: 204 });
    await call('DELETE', `/api/webhook-endpoints/${created.id}`, as(PRO));
  }, 30_000);

  it('retry after a 500 with backoff (5 s and up to 20% jitter), then deliver; a deal.created reaches it', async () => {
    const created = (
      await create(PRO, { url: receiverUrl, events: ['deal.created', 'record.completed'] })
    ).json();
    received.length = 0;
    answers.push(500);
    const deck = createDeckExtracted({
      orgId: PRO,
      extractedData: { website: 'https://www.hooked-labs.com' },
    });
    await crm.bus.publish(Topics.deckExtracted, deck);
    await crm.waitForRecord(Topics.dealCreated, deck.emailId);

    await waitFor(async () => (await deliveriesOf(PRO, created.id)).some((d) => d.attempts === 1), {
      timeoutMs: 10_000,
    });
    const afterFailure = await deliveriesOf(PRO, created.id);
    expect(afterFailure.map((d) => d.eventType).sort()).toEqual(['deal.created', 'record.completed']);
    const failed = afterFailure.find((d) => d.lastStatusCode === 500)!;
    expect(failed, JSON.stringify(afterFailure)).toBeDefined();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    const rows = await crm.svc.ctx.orm.em.fork().find(WebhookDeliverySchema, { endpointId: created.id });
    const failedRow = rows.find((r) => r.messageId === failed.messageId)!;
    const wait = failedRow.nextAttemptAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(2_000);
    expect(wait).toBeLessThanOrEqual(6_000);

    await waitFor(async () => (await deliveriesOf(PRO, created.id)).every((d) => d.status === 'delivered'), {
      timeoutMs: 15_000,
    });
    const retried = (await deliveriesOf(PRO, created.id)).find((d) => d.messageId === failed.messageId)!;
    expect(retried).toMatchObject({ attempts: 2, lastStatusCode: 204 });
    const attemptsOfFailed = received.filter((r) => r.headers['webhook-id'] === failed.messageId);
    expect(attemptsOfFailed).toHaveLength(2);
    for (const r of received)
      new Webhook(created.secret).verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      });
  }, 40_000);

  it('tell deal.stage_changed and comment.created to the endpoints that asked for them', async () => {
    const created = (
      await create(PRO, { url: receiverUrl, events: ['deal.stage_changed', 'comment.created'] })
    ).json();
    const deck = createDeckExtracted({
      orgId: PRO,
      extractedData: { website: 'https://www.staged-labs.com' },
    });
    await crm.bus.publish(Topics.deckExtracted, deck);
    const [deal] = await crm.waitForRecord(Topics.dealCreated, deck.emailId);
    const dealId = (deal!.data as { dealId: string }).dealId;
    received.length = 0;
    const moved = await call('PATCH', `/api/deals/${dealId}`, as(PRO, 'member', 2), { stage: 'Screening' });
    expect(moved.statusCode).toBe(200);
    const commented = await call('POST', `/api/deals/${dealId}/comments`, as(PRO, 'member', 2), {
      text: 'Looks good',
    });
    expect(commented.statusCode).toBe(201);
    await waitFor(
      async () => (await deliveriesOf(PRO, created.id)).filter((d) => d.status === 'delivered').length === 2,
      {
        timeoutMs: 10_000,
      },
    );
    const bodies = received
      .filter((r) => r.headers['webhook-signature'])
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(bodies.find((b) => b.type === 'deal.stage_changed')?.data).toMatchObject({
      dealId: Number(dealId),
      fromStage: 'New',
      toStage: 'Screening',
    });
    expect(bodies.find((b) => b.type === 'comment.created')?.data).toMatchObject({ text: 'Looks good' });
    expect((await deliveriesOf(PRO, created.id)).map((d) => d.eventType).sort()).toEqual([
      'comment.created',
      'deal.stage_changed',
    ]);
  }, 30_000);
});
