import { Topics } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeuristicExtractor } from '../domain/extraction/heuristic-extractor.js';
import { sampleDeck } from '../test/factories/deck.factory.js';
import { buildMail } from '../test/factories/mail.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';
import { MAX_DEAL_ANNOUNCEMENTS, reannounceExtractedDecks } from './reannounce-extracted-decks.js';

let h: TIngestTest;
let inbox: { address: string; secret: string };
const ORG = 71;
const AGE_MS = 10 * 60_000;

const send = async (mail: { text?: string; attachments?: { filename: string; content: Buffer }[] }) => {
  const res = await h.postMail(inbox, await buildMail({ to: inbox.address, ...mail }));
  expect(res.statusCode).toBe(202);
  return res.json().emailId as number;
};
const row = async (id: number) =>
  (
    await h.query<{ status: string; updated_at: Date; deal_announcements: number }>(
      'SELECT status, updated_at, deal_announcements FROM emails WHERE id = ?',
      [id],
    )
  )[0]!;
const settled = async (id: number) =>
  (await waitFor(async () => {
    const r = await row(id);
    return r.status !== 'pending' && r.status !== 'processing' ? r : null;
  }))!;
/** A record with a deck, processed: completed, its ingest.deck.extracted on the broker. */
const completedRecord = async (company: string) => {
  const id = await send({
    attachments: [{ filename: 'deck.pdf', content: await sampleDeck(company) }],
  });
  expect((await settled(id)).status).toBe('completed');
  await announcements(id, 1);
  return id;
};
const extractedEvents = (id: number) =>
  h.bus!.of(Topics.deckExtracted, ORG).filter((e) => e.data.emailId === id);
/** The record's deck.extracted events, once there are `count` of them. */
const announcements = async (id: number, count: number) =>
  (await waitFor(() => {
    const events = extractedEvents(id);
    return events.length === count ? events : null;
  }))!;
/** As a broker that lost the deck.extracted (or crm's answer) leaves it: no outcome, last touched long ago. */
const ageRecord = (id: number, ago = '1 hour') =>
  h.query(`UPDATE emails SET updated_at = now() - interval '${ago}' WHERE id = ?`, [id]);
const sweep = () => h.svc.ctx.orm.em.fork().transactional((em) => reannounceExtractedDecks(em, AGE_MS));

beforeAll(async () => {
  h = await startIngest({
    extractor: createHeuristicExtractor(),
    collect: [Topics.deckExtracted],
    // The service's own sweep stays out of the way: the tests run it by hand.
    env: { LIMIT_SWEEP_INTERVAL_MS: String(3_600_000) },
  });
  inbox = await h.createOrganization(ORG, { plan: 'pro', monthlyDeckLimit: 100 });
}, 90_000);
afterAll(async () => h?.stop());

describe('re-announcing ingest.deck.extracted without a CRM outcome', () => {
  it('re-announces an old completed record without a deal once, with the data of the original event, and nothing else', async () => {
    const lost = await completedRecord('Lost Deal');
    const young = await completedRecord('Young Deal');
    const linked = await completedRecord('Linked Deal');
    const rejected = await completedRecord('Rejected Deal');
    await h.bus!.publish(Topics.dealCreated, {
      orgId: ORG,
      emailId: linked,
      dealId: 'deal-1',
      companyId: 'c-1',
      dealUrl: '/crm/deals/deal-1',
      provider: 'builtin',
    });
    await h.bus!.publish(Topics.dealRejected, {
      orgId: ORG,
      emailId: rejected,
      reason: 'missing_domain',
      message: 'No company domain found',
    });
    await waitFor(async () => (await row(rejected)).status === 'not_added_missing_domain');
    await waitFor(
      async () =>
        (await h.query('SELECT 1 FROM emails WHERE id = ? AND deal_id IS NOT NULL', [linked])).length,
    );
    // Records not completed: failed, and pending or processing again with their extracted data (a retry).
    const failed = await send({ text: 'no deck here' });
    expect((await settled(failed)).status).toBe('failed');
    const pending = await completedRecord('Pending Again');
    const processing = await completedRecord('Processing Again');
    await h.query(`UPDATE emails SET status = 'pending' WHERE id = ?`, [pending]);
    await h.query(`UPDATE emails SET status = 'processing' WHERE id = ?`, [processing]);
    for (const id of [lost, linked, rejected, failed, pending, processing]) await ageRecord(id);
    const untouched = [young, linked, rejected, failed, pending, processing];
    const before = await Promise.all(untouched.map(row));

    const first = await sweep();
    expect(first.reannounced).toEqual([lost]);
    const [original, again] = await announcements(lost, 2);
    expect(again!.id).not.toBe(original!.id);
    expect(again!.data).toEqual(original!.data);
    expect(original!.data.outline).toBeDefined();

    // Once per interval: the re-announced record counts as touched now.
    expect((await sweep()).reannounced).toEqual([]);
    expect(await Promise.all(untouched.map(row))).toEqual(before);
    const marker = await completedRecord('Marker Deal');
    expect(extractedEvents(marker)).toHaveLength(1);
    expect(extractedEvents(lost)).toHaveLength(2);
    // The failed one was never announced.
    expect(untouched.map((id) => extractedEvents(id).length)).toEqual([1, 1, 1, 0, 1, 1]);
    expect((await row(lost)).status).toBe('completed');
  }, 90_000);

  it('re-announces the data as corrected by a person', async () => {
    const id = await completedRecord('Typo Co');
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/emails/${id}/extracted-data`,
      payload: { field: 'companyName', value: 'Tidy Co' },
      headers: h.headersFor(ORG),
    });
    expect(res.statusCode).toBe(200);
    await ageRecord(id);
    expect((await sweep()).reannounced).toEqual([id]);
    const [original, again] = await announcements(id, 2);
    expect(original!.data.extractedData.companyName).toBe('Typo Co');
    expect(again!.data).toEqual({
      ...original!.data,
      extractedData: { ...original!.data.extractedData, companyName: 'Tidy Co' },
    });
  }, 60_000);

  it(`stops after ${MAX_DEAL_ANNOUNCEMENTS} re-announcements, and a completed retry starts the count over`, async () => {
    const id = await completedRecord('Unanswered Co');
    await h.query('UPDATE emails SET deal_announcements = ? WHERE id = ?', [MAX_DEAL_ANNOUNCEMENTS - 1, id]);
    await ageRecord(id);
    expect(await sweep()).toEqual({ reannounced: [id], exhausted: [id] });
    await ageRecord(id);
    expect((await sweep()).reannounced).toEqual([]);
    expect((await row(id)).deal_announcements).toBe(MAX_DEAL_ANNOUNCEMENTS);

    await h.query(`UPDATE emails SET status = 'failed' WHERE id = ?`, [id]);
    const retry = await h.app.inject({
      method: 'POST',
      url: `/api/emails/${id}/retry`,
      headers: h.headersFor(ORG),
    });
    expect(retry.statusCode).toBe(202);
    expect(await settled(id)).toMatchObject({ status: 'completed', deal_announcements: 0 });
  }, 60_000);
});
