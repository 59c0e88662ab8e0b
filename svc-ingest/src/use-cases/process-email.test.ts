import { randomUUID } from 'node:crypto';
import { Topics } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSlidesPdf } from '../test/fixtures/build-pdf.js';
import { createHeuristicExtractor } from '../domain/extraction/heuristic-extractor.js';
import { buildMail } from '../test/factories/mail.factory.js';
import { encryptedPdf, sampleDeck, samplePptx } from '../test/factories/deck.factory.js';
import { countingExtractor, startIngest, type TIngestTest } from '../test/ingest-service.js';

const extractor = countingExtractor(createHeuristicExtractor());
let h: TIngestTest;
let inbox: { address: string; secret: string };
const ORG = 11;

const send = async (
  mail: Parameters<typeof buildMail>[0] extends infer T ? Omit<T & object, 'to'> : never,
  orgInbox = inbox,
) => {
  const res = await h.postMail(orgInbox, await buildMail({ to: orgInbox.address, ...mail }));
  expect(res.statusCode).toBe(202);
  return res.json().emailId as number;
};
const get = async (id: number, orgId = ORG) =>
  (await h.app.inject({ method: 'GET', url: `/api/emails/${id}`, headers: h.headersFor(orgId) })).json();
const settled = (id: number, orgId = ORG) =>
  waitFor(async () => {
    const r = await get(id, orgId);
    return r.status !== 'pending' && r.status !== 'processing' ? r : null;
  });
const pdf = (filename: string, content: Buffer) => ({ filename, content, contentType: 'application/pdf' });

beforeAll(async () => {
  h = await startIngest({
    extractor,
    env: { DECK_MAX_BYTES: String(60 * 1024), LIMIT_SWEEP_INTERVAL_MS: '300' },
  });
  inbox = await h.createOrganization(ORG, { plan: 'pro', monthlyDeckLimit: 100 });
});
afterAll(async () => h?.stop());

describe('deck processing', () => {
  it('reads a PPTX deck', async () => {
    const r = await settled(
      await send({ attachments: [{ filename: 'Slidewise.pptx', content: await samplePptx() }] }),
    );
    expect(r.status).toBe('completed');
    expect(r.extractedData).toMatchObject({
      companyName: 'Slidewise',
      fundingAmount: '$2M',
      contactInfo: { name: 'Sam Lee', position: 'CEO' },
    });
    expect(r.extractedData.metrics).toEqual({ MRR: '$40K' });
    expect(r.canAnalyze).toBe(true);
  });

  it.each([
    ['an encrypted PDF', async () => pdf('locked.pdf', await encryptedPdf()), /Encrypted PDF/],
    [
      'a corrupt PDF',
      async () => pdf('broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage')),
      /Corrupt PDF/,
    ],
    [
      'a deck above DECK_MAX_BYTES',
      async () => pdf('huge.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(80 * 1024, 32)])),
      /too large/,
    ],
    ['an empty file', async () => pdf('empty.pdf', Buffer.alloc(0)), /Empty file/],
    [
      'a PDF without text (scanned)',
      async () => pdf('scan.pdf', await buildSlidesPdf([[]])),
      /no text found/,
    ],
    [
      'a corrupt PPTX',
      async () => ({ filename: 'deck.pptx', content: Buffer.from('PK\u0003\u0004 not really a zip') }),
      /Corrupt PPTX/,
    ],
  ])(
    'fails the record with a reason for %s, and the service carries on',
    async (_label, attachment, reason) => {
      const r = await settled(await send({ attachments: [await attachment()] }));
      expect(r.status).toBe('failed');
      expect(r.statusReason).toMatch(reason);
      const next = await settled(await send({ attachments: [pdf('ok.pdf', await sampleDeck())] }));
      expect(next.status).toBe('completed');
    },
  );

  it('fails an email with neither a deck nor a deck link', async () => {
    const r = await settled(await send({ text: 'Hello, would love to chat!' }));
    expect(r).toMatchObject({ status: 'failed', statusReason: expect.stringMatching(/No pitch deck found/) });
  });

  it('a redelivered or repeated email.received creates no second extraction', async () => {
    const id = await send({ attachments: [pdf('deck.pdf', await sampleDeck('Redeliver Co'))] });
    await settled(id);
    const calls = extractor.calls;
    const eventId = randomUUID();
    const data = {
      orgId: ORG,
      emailId: id,
      messageId: null,
      fromEmail: 'jane@acmerobotics.io',
      receivedAt: new Date().toISOString(),
    };
    await h.bus!.publish(Topics.emailReceived, data, { id: eventId });
    await h.bus!.publish(Topics.emailReceived, data, { id: eventId });
    await h.bus!.publish(Topics.emailReceived, data);
    // A marker event after them on the same partition (same key): once it is handled, they were too.
    const marker = await send({ text: 'https://docsend.com/view/marker' });
    await settled(marker);
    await waitFor(
      async () => (await h.query('SELECT 1 FROM kit_inbox WHERE event_id = ?', [eventId])).length === 1,
    );
    expect(extractor.calls).toBe(calls + 1);
    expect((await get(id)).status).toBe('completed');
  });

  it('links the CRM deal, shows Missing Domain on rejection, and Retry really reprocesses', async () => {
    const id = await send({ attachments: [pdf('deck.pdf', await sampleDeck('Linkable'))] });
    await settled(id);
    await h.bus!.publish(Topics.dealCreated, {
      orgId: ORG,
      emailId: id,
      dealId: 'deal-9',
      companyId: 'c-1',
      dealUrl: '/crm/deals/deal-9',
      provider: 'builtin',
    });
    await waitFor(async () => (await get(id)).dealUrl === '/crm/deals/deal-9');
    expect((await get(id)).affinityDealId).toBe('deal-9');

    const noDomain = await send({
      from: 'Solo <solo@gmail.com>',
      attachments: [pdf('deck.pdf', await sampleDeck('Nodomain'))],
    });
    await settled(noDomain);
    await h.bus!.publish(Topics.dealRejected, {
      orgId: ORG,
      emailId: noDomain,
      reason: 'missing_domain',
      message: 'No company domain found',
    });
    const missing = await waitFor(async () => {
      const r = await get(noDomain);
      return r.status === 'not_added_missing_domain' ? r : null;
    });
    expect(missing.statusReason).toBe('No company domain found');
    const filtered = await h.app.inject({
      method: 'GET',
      url: '/api/emails?filter=not_added_missing_domain',
      headers: h.headersFor(ORG),
    });
    expect(filtered.json().data.map((r: { id: number }) => r.id)).toEqual([noDomain]);

    const calls = extractor.calls;
    const retry = await h.app.inject({
      method: 'POST',
      url: `/api/emails/${noDomain}/retry`,
      headers: h.headersFor(ORG, 'member', 1101),
    });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().status).toBe('pending');
    expect((await settled(noDomain)).status).toBe('completed');
    expect(extractor.calls).toBe(calls + 1);

    const again = await h.app.inject({
      method: 'POST',
      url: `/api/emails/${id}/retry`,
      headers: h.headersFor(ORG),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only failed and Missing Domain records can be retried');
  });

  it('retries a failed record', async () => {
    const id = await send({ text: 'no deck here' });
    expect((await settled(id)).status).toBe('failed');
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/emails/${id}/retry`,
      headers: h.headersFor(ORG),
    });
    expect(res.statusCode).toBe(202);
    expect((await settled(id)).status).toBe('failed');
    // One claim since the retry (the retry starts the count of claims over).
    const [row] = await h.query<{ attempts: number }>('SELECT attempts FROM emails WHERE id = ?', [id]);
    expect(row!.attempts).toBe(1);
  });

  it('fails a record whose processing took the service down three times, instead of crash-looping (poison message)', async () => {
    const id = await send({ text: 'https://docsend.com/view/poison' });
    expect((await settled(id)).status).toBe('completed');
    const [before] = await h.query<{ attempts: number }>('SELECT attempts FROM emails WHERE id = ?', [id]);
    expect(before!.attempts).toBe(1);
    // As a crash leaves it: still `processing` (the claim committed, the outcome never did), and the event comes
    // back (redelivered after the restart, or the stalled sweep). Two crashes: it is claimed again.
    const redeliver = async () => {
      const eventId = randomUUID();
      await h.bus!.publish(
        Topics.emailReceived,
        {
          orgId: ORG,
          emailId: id,
          messageId: null,
          fromEmail: 'x@y.test',
          receivedAt: new Date().toISOString(),
        },
        { id: eventId },
      );
      await waitFor(
        async () => (await h.query('SELECT 1 FROM kit_inbox WHERE event_id = ?', [eventId])).length === 1,
      );
    };
    await h.query(`UPDATE emails SET status = 'processing', attempts = 2 WHERE id = ?`, [id]);
    await redeliver();
    const [second] = await h.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM emails WHERE id = ?',
      [id],
    );
    expect(second).toMatchObject({ status: 'completed', attempts: 3 });
    // The third crash: the next claim fails it with the reason, without reading it again.
    const calls = extractor.calls;
    await h.query(`UPDATE emails SET status = 'processing' WHERE id = ?`, [id]);
    await redeliver();
    const r = await get(id);
    expect(r.status).toBe('failed');
    expect(r.statusReason).toMatch(/stopped after 3 attempts/);
    expect(extractor.calls).toBe(calls);
    // A person's retry starts over.
    const retry = await h.app.inject({
      method: 'POST',
      url: `/api/emails/${id}/retry`,
      headers: h.headersFor(ORG),
    });
    expect(retry.statusCode).toBe(202);
    expect((await settled(id)).status).toBe('completed');
  });
});

describe('monthly deck limit', () => {
  it('keeps emails over the limit pending with the reason and processes them when the limit allows', async () => {
    const limited = await h.createOrganization(12, { plan: 'basic', monthlyDeckLimit: 1 });
    const first = await send({ attachments: [pdf('a.pdf', await sampleDeck('First Co'))] }, limited);
    expect((await settled(first, 12)).status).toBe('completed');
    const second = await send({ attachments: [pdf('b.pdf', await sampleDeck('Second Co'))] }, limited);
    const held = await waitFor(async () => {
      const r = await get(second, 12);
      return r.statusReason === 'Monthly deck limit reached' ? r : null;
    });
    expect(held.status).toBe('pending');

    await h.bus!.publish(Topics.subscriptionChanged, {
      orgId: 12,
      plan: 'basic',
      billingCycle: 'monthly',
      status: 'active',
      seats: 2,
      trialEndsAt: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      monthlyDeckLimit: 2,
    });
    const released = await settled(second, 12);
    expect(released).toMatchObject({ status: 'completed', statusReason: null });
    expect(released.canAnalyze).toBe(false);
  });
});

describe('monthly deck limit sweep', () => {
  it('releases held emails when a new calendar month starts', async () => {
    const limited = await h.createOrganization(15, { plan: 'basic', monthlyDeckLimit: 1 });
    const first = await send({ attachments: [pdf('a.pdf', await sampleDeck('May Co'))] }, limited);
    expect((await settled(first, 15)).status).toBe('completed');
    const second = await send({ attachments: [pdf('b.pdf', await sampleDeck('June Co'))] }, limited);
    await waitFor(async () => (await get(second, 15)).statusReason === 'Monthly deck limit reached');
    // The first deck was counted last month: this month's allowance is free again.
    await h.query("UPDATE emails SET counted_at = now() - interval '40 days' WHERE id = ?", [first]);
    expect((await settled(second, 15)).status).toBe('completed');
  });

  it('sends an email left processing by a crash round again', async () => {
    const id = await send({ text: 'https://docsend.com/view/stalled' });
    await settled(id);
    await h.query(
      "UPDATE emails SET status = 'processing', updated_at = now() - interval '1 hour' WHERE id = ?",
      [id],
    );
    const { requeueStalledEmails, STALLED_AFTER_MS } = await import('./release-held-emails.js');
    await h.svc.ctx.orm.em.fork().transactional((em) => requeueStalledEmails(em, STALLED_AFTER_MS));
    expect((await settled(id)).status).toBe('completed');
  });

  it('publishes again an email left pending whose event was lost, but not a held or a recent one', async () => {
    const lost = await send({ text: 'https://docsend.com/view/lost-event' });
    const recent = await send({ text: 'https://docsend.com/view/recent-event' });
    await settled(lost);
    await settled(recent);
    // As a broker that died with an acknowledged event leaves it: pending, no hold, its event gone.
    await h.query(
      "UPDATE emails SET status = 'pending', status_reason = NULL, updated_at = now() - interval '1 hour' WHERE id = ?",
      [lost],
    );
    await h.query("UPDATE emails SET status = 'pending', status_reason = NULL WHERE id = ?", [recent]);
    const { requeueStalledEmails, STALLED_AFTER_MS } = await import('./release-held-emails.js');
    // The service's own sweep (every 300 ms here) may claim it first: either way it goes round once.
    const requeued = await h.svc.ctx.orm.em
      .fork()
      .transactional((em) => requeueStalledEmails(em, STALLED_AFTER_MS, 10 * 60_000));
    expect(requeued).toBeLessThanOrEqual(1);
    expect((await settled(lost)).status).toBe('completed');
    expect((await get(recent)).status).toBe('pending');
  });
});

describe('records API', () => {
  it('lists only the caller organization, newest first, with search, filter and paging', async () => {
    const other = await h.createOrganization(13);
    await settled(
      await send(
        { subject: 'Zebra Analytics deck', attachments: [pdf('z.pdf', await sampleDeck('Zebra Analytics'))] },
        other,
      ),
      13,
    );
    const ids = [];
    for (const name of ['Quasar One', 'Quasar Two'])
      ids.push(await send({ subject: `${name} intro`, attachments: [pdf('q.pdf', await sampleDeck(name))] }));
    for (const id of ids) await settled(id);
    const search = await h.app.inject({
      method: 'GET',
      url: '/api/emails?searchTerm=quasar',
      headers: h.headersFor(ORG),
    });
    expect(search.json()).toMatchObject({ total: 2, data: [{ id: ids[1] }, { id: ids[0] }] });
    const page = await h.app.inject({
      method: 'GET',
      url: '/api/emails?searchTerm=quasar&limit=1&page=2',
      headers: h.headersFor(ORG),
    });
    expect(page.json().data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    const byCompany = await h.app.inject({
      method: 'GET',
      url: '/api/emails?searchTerm=Zebra',
      headers: h.headersFor(ORG),
    });
    expect(byCompany.json().total).toBe(0);
    const theirs = await h.app.inject({
      method: 'GET',
      url: '/api/emails?searchTerm=Zebra',
      headers: h.headersFor(13),
    });
    expect(theirs.json().total).toBe(1);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/emails/${ids[0]}`, headers: h.headersFor(13) }))
        .statusCode,
    ).toBe(404);
    const all = await h.app.inject({ method: 'GET', url: '/api/emails', headers: h.headersFor(ORG) });
    expect(all.json().data).toHaveLength(10);
  });

  it('refuses anonymous callers and ignores the seed bypass headers', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/emails',
      headers: { 'x-auth-bypass': '1', 'x-user-id': '1100' },
    });
    expect(res.statusCode).toBe(401);
    const bad = await h.app.inject({
      method: 'GET',
      url: '/api/emails?filter=bogus',
      headers: h.headersFor(ORG),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('removes the organization data when identity deletes the organization', async () => {
    const gone = await h.createOrganization(14);
    await settled(await send({ text: 'https://docsend.com/view/gone' }, gone), 14);
    await h.bus!.publish(Topics.organizationDeleted, { orgId: 14 });
    await waitFor(async () => (await h.query('SELECT 1 FROM emails WHERE org_id = 14')).length === 0);
    expect(await h.query('SELECT 1 FROM organizations WHERE id = 14')).toHaveLength(0);
  });
});
