import { FREE_MONTHLY_DECK_LIMIT, Topics } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_REASON } from '../domain/allowance/monthly-deck-limit.js';
import { createHeuristicExtractor } from '../domain/extraction/heuristic-extractor.js';
import { sampleDeck } from '../test/factories/deck.factory.js';
import { buildMail } from '../test/factories/mail.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';

let h: TIngestTest;
let inbox: { address: string; secret: string };
const ORG = 31;
const OTHER_ORG = 32;

const send = async (mail: Omit<Parameters<typeof buildMail>[0], 'to'>, to = inbox) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/webhooks/mail',
    payload: await buildMail({ to: to.address, ...mail }),
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${to.secret}` },
  });
  expect(res.statusCode).toBe(202);
  return res.json().emailId as number;
};
const get = async (id: number, orgId = ORG) =>
  (await h.app.inject({ method: 'GET', url: `/api/emails/${id}`, headers: h.headersFor(orgId) })).json();
const settled = (id: number, orgId = ORG) =>
  waitFor(
    async () => {
      const r = await get(id, orgId);
      return r.status !== 'pending' && r.status !== 'processing' ? r : null;
    },
    { timeoutMs: 60_000 },
  );
const correct = (
  id: number,
  body: unknown,
  headers: Record<string, string> = h.headersFor(ORG, 'member', 3101),
) =>
  h.app.inject({
    method: 'PATCH',
    url: `/api/emails/${id}/extracted-data`,
    payload: body as object,
    headers,
  });
const deckMail = async (name: string) => ({
  attachments: [{ filename: 'deck.pdf', content: await sampleDeck(name), contentType: 'application/pdf' }],
});

beforeAll(async () => {
  h = await startIngest({ extractor: createHeuristicExtractor() });
  await h.bus!.listen([Topics.recordCorrected, Topics.deckExtracted]);
  inbox = await h.createOrganization(ORG, { plan: 'pro', monthlyDeckLimit: 100 });
  await h.createOrganization(OTHER_ORG, { plan: 'pro', monthlyDeckLimit: 100 });
});
afterAll(async () => h?.stop());

describe('records: what users expect', () => {
  it("shows the email's Date header as Received and keeps the ingestion time apart", async () => {
    const sent = new Date(Date.UTC(2026, 9, 3, 8, 30));
    const id = await send({ text: 'https://docsend.com/view/dated', headers: { Date: sent.toUTCString() } });
    const record = await get(id);
    expect(record.receivedAt).toBe(sent.toISOString());
    expect(Date.now() - new Date(record.ingestedAt).getTime()).toBeLessThan(5 * 60_000);
  });

  it('falls back to the ingestion time when the Date header is not a date', async () => {
    const id = await send({ text: 'https://docsend.com/view/undated', headers: { Date: 'not a date' } });
    const record = await get(id);
    expect(record.receivedAt).toBe(record.ingestedAt);
  });

  it('counts this month per status in one answer, by Date header, for its organization only', async () => {
    const before = (
      await h.app.inject({ method: 'GET', url: '/api/emails/pipeline', headers: h.headersFor(ORG) })
    ).json();
    const lastYear = new Date(Date.UTC(new Date().getUTCFullYear() - 1, 0, 10)).toUTCString();
    await settled(await send({ text: 'no deck here', headers: { Date: lastYear } }));
    await settled(await send({ text: 'no deck either' }));
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/emails/pipeline',
      headers: h.headersFor(ORG),
    });
    expect(res.statusCode).toBe(200);
    const failed = (body: { counts: { status: string; count: number }[] }) =>
      body.counts.find((c) => c.status === 'failed')!.count;
    expect(failed(res.json())).toBe(failed(before) + 1);
    expect(res.json().counts.map((c: { status: string }) => c.status)).toEqual([
      'completed',
      'processing',
      'pending',
      'failed',
      'not_added_missing_domain',
    ]);
    const other = await h.app.inject({
      method: 'GET',
      url: '/api/emails/pipeline',
      headers: h.headersFor(OTHER_ORG),
    });
    expect(failed(other.json())).toBe(0);
  });
});

describe('records list order and Retry', () => {
  it('lists records by the Date header (received), not by ingestion time, through its index', async () => {
    const tag = `order-${Date.now()}`;
    const dates = [Date.UTC(2026, 0, 5), Date.UTC(2026, 2, 1), Date.UTC(2025, 11, 1)];
    const ids: number[] = [];
    for (const [i, at] of dates.entries())
      ids.push(
        await send({
          subject: `${tag} ${i}`,
          text: 'https://docsend.com/view/ordered',
          headers: { Date: new Date(at).toUTCString() },
        }),
      );
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/emails?searchTerm=${tag}`,
      headers: h.headersFor(ORG),
    });
    // Ingested 0, 1, 2; sent 1 (March), 0 (January), 2 (December).
    expect(res.json().data.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[0], ids[2]]);
    // The order's own index (org, Date header else ingestion time, id).
    const [index] = await h.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE indexname = 'emails_org_received_on'",
    );
    expect(index?.indexdef).toMatch(/org_id, COALESCE\(sent_at, received_at\) DESC, id DESC/);
  });

  it("keeps a member's corrections through Retry of the record", async () => {
    const id = await send({
      from: 'Solo <solo@gmail.com>',
      ...(await deckMail('Retrynova')),
    });
    expect((await settled(id)).status).toBe('completed');
    await h.bus!.publish(Topics.dealRejected, {
      orgId: ORG,
      emailId: id,
      reason: 'missing_domain',
      message: 'No company domain found',
    });
    await waitFor(async () => ((await get(id)).status === 'not_added_missing_domain' ? true : null));
    expect((await correct(id, { field: 'website', value: 'https://retrynova.io' })).statusCode).toBe(200);
    expect((await correct(id, { field: 'companyName', value: 'Retrynova Labs' })).statusCode).toBe(200);
    const retry = await h.app.inject({
      method: 'POST',
      url: `/api/emails/${id}/retry`,
      headers: h.headersFor(ORG, 'member', 3101),
    });
    expect(retry.statusCode).toBe(202);
    const after = await waitFor(
      async () => {
        const r = await get(id);
        return r.status === 'completed' ? r : null;
      },
      { timeoutMs: 60_000 },
    );
    expect(after.extractedData).toMatchObject({
      website: 'https://retrynova.io',
      companyName: 'Retrynova Labs',
    });
    expect(after.corrections.companyName).toMatchObject({ original: 'Retrynova', correctedBy: 3101 });
    expect(after.corrections.website).toMatchObject({ correctedBy: 3101 });
    // The deal is made from the corrected data.
    const extracted = await waitFor(() => {
      const events = h.bus!.of(Topics.deckExtracted, ORG).filter((e) => e.data.emailId === id);
      return events.length === 2 ? events : null;
    });
    expect(extracted![1]!.data.extractedData).toMatchObject({ website: 'https://retrynova.io' });
  });
});

describe('provenance and corrections', () => {
  let id: number;
  beforeAll(async () => {
    id = await send(await deckMail('Provena'));
    expect((await settled(id)).status).toBe('completed');
  }, 90_000);

  it('returns where each extracted value came from', async () => {
    const record = await get(id);
    expect(record.extractedData.companyName).toBe('Provena');
    expect(record.provenance.companyName).toMatchObject({ source: 'deck', page: 1 });
    expect(record.provenance.companyName.confidence).toBeGreaterThan(0);
    expect(record.corrections).toEqual({});
  });

  it('sends the deck outline with ingest.deck.extracted', async () => {
    const [event] = (await waitFor(() => {
      const events = h.bus!.of(Topics.deckExtracted, ORG).filter((e) => e.data.emailId === id);
      return events.length > 0 ? events : null;
    }))!;
    expect(event!.data.outline).toMatchObject({ pageCount: 4 });
    expect(event!.data.outline!.sections).toContainEqual({ section: 'traction', page: 2 });
    expect(event!.data.outline!.keyMetrics).toContainEqual({ label: 'ARR', value: '$1.5M', page: 2 });
  });

  it('lets a member correct a field: stored with the original, shown as edited, announced to the CRM', async () => {
    const res = await correct(id, { field: 'companyName', value: 'Provena Robotics' });
    expect(res.statusCode).toBe(200);
    const record = res.json();
    expect(record.extractedData.companyName).toBe('Provena Robotics');
    expect(record.corrections.companyName).toMatchObject({ original: 'Provena', correctedBy: 3101 });
    expect((await get(id)).corrections.companyName.original).toBe('Provena');

    // The search column follows.
    const found = await h.app.inject({
      method: 'GET',
      url: '/api/emails?searchTerm=Provena%20Robotics',
      headers: h.headersFor(ORG),
    });
    expect(found.json().data.map((r: { id: number }) => r.id)).toContain(id);

    const [event] = (await waitFor(() => {
      const events = h.bus!.of(Topics.recordCorrected, ORG).filter((e) => e.data.emailId === id);
      return events.length > 0 ? events : null;
    }))!;
    expect(event!.data).toMatchObject({
      orgId: ORG,
      emailId: id,
      field: 'companyName',
      correctedBy: 3101,
      extractedData: { companyName: 'Provena Robotics', fundingAmount: '$4M' },
    });
    expect(event!.actorId).toBe('3101');

    // A second correction keeps the first original; setting it back removes the correction.
    await correct(id, { field: 'companyName', value: 'Provena Inc' });
    expect((await get(id)).corrections.companyName.original).toBe('Provena');
    const back = (await correct(id, { field: 'companyName', value: 'Provena' })).json();
    expect(back.corrections.companyName).toBeUndefined();
  });

  it('corrects contact fields and the year, and clears a field with null', async () => {
    expect(
      (await correct(id, { field: 'contactEmail', value: 'ceo@provena.io' })).json().extractedData.contactInfo
        .email,
    ).toBe('ceo@provena.io');
    expect((await correct(id, { field: 'foundedYear', value: 2019 })).json().extractedData.foundedYear).toBe(
      2019,
    );
    const cleared = (await correct(id, { field: 'location', value: null })).json();
    expect(cleared.extractedData.location).toBeNull();
    expect(cleared.corrections.location.original).toBe('Austin, TX');
  });

  it.each([
    [{ field: 'contactEmail', value: 'not an email' }, /email/i],
    [{ field: 'foundedYear', value: '2020' }, /./],
    [{ field: 'foundedYear', value: 3000 }, /future/],
    [{ field: 'website', value: 'not a site' }, /website/i],
    [{ field: 'companyName', value: '   ' }, /value/i],
    [{ field: 'companyName', value: null }, /./],
    [{ field: 'metrics', value: 'x' }, /./],
    [{ field: 'industry', value: 'Fintech', extra: true }, /./],
    [{}, /./],
  ])('refuses %j with a 400 and a message', async (body, message) => {
    const res = await correct(id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('is for signed-in members of the record’s organization only', async () => {
    const body = { field: 'industry', value: 'Robotics' };
    expect((await correct(id, body, {})).statusCode).toBe(401);
    const otherOrg = await correct(id, body, h.headersFor(OTHER_ORG));
    expect(otherOrg.statusCode).toBe(404);
    expect(otherOrg.json()).toEqual({ message: 'Record not found' });
    expect((await correct(999_999, body)).statusCode).toBe(404);
    expect((await get(id)).extractedData.industry).not.toBe('Robotics');
  });

  it('answers 409 for a record with nothing extracted', async () => {
    const failed = await settled(await send({ text: 'Hello, no deck' }));
    expect(failed.status).toBe('failed');
    const res = await correct(failed.id, { field: 'industry', value: 'Robotics' });
    expect(res.statusCode).toBe(409);
  });
});

describe('the free plan', () => {
  it(`processes ${FREE_MONTHLY_DECK_LIMIT} decks a month for an organization without a plan, then holds the rest`, async () => {
    const FREE_ORG = 33;
    const free = await h.createOrganization(FREE_ORG);
    const ids: number[] = [];
    for (let i = 0; i <= FREE_MONTHLY_DECK_LIMIT; i++)
      ids.push(await send({ text: `https://docsend.com/view/free-${i}` }, free));
    const held = await waitFor(async () => {
      const records = await Promise.all(ids.map((i) => get(i, FREE_ORG)));
      const done = records.filter((r) => r.status !== 'pending' && r.status !== 'processing');
      const waiting = records.filter((r) => r.status === 'pending' && r.statusReason === LIMIT_REASON);
      return done.length === FREE_MONTHLY_DECK_LIMIT && waiting.length === 1 ? waiting : null;
    });
    expect(held).toHaveLength(1);
  });
});
