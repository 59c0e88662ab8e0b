import { Topics } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeuristicExtractor } from '../domain/extraction/heuristic-extractor.js';
import { buildSlidesPdf } from '../test/fixtures/build-pdf.js';
import { buildMail } from '../test/factories/mail.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';
import { exportEmailsCsv } from '../use-cases/export-emails.js';

/** The inbox (issue 22 item 4): archive, delete, bulk, "not a deck" and the block list, search, the CSV export. */
let h: TIngestTest;
let inbox: { address: string; secret: string };
let otherInbox: { address: string; secret: string };
const ORG = 81;
const OTHER_ORG = 82;
const MEMBER = 8101;
const run = Date.now().toString(36);

const send = async (mail: Omit<Parameters<typeof buildMail>[0], 'to'>, expected = 202) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/webhooks/mail',
    payload: await buildMail({ to: inbox.address, ...mail }),
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${inbox.secret}` },
  });
  expect(res.statusCode, res.body).toBe(expected);
  return res.json().emailId as number;
};
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, orgId = ORG) =>
  h.app.inject({
    method,
    url,
    payload,
    headers: h.headersFor(orgId, 'member', orgId === ORG ? MEMBER : 8201),
  });
const get = async (id: number) => call('GET', `/api/emails/${id}`);
const settled = (id: number) =>
  waitFor(
    async () => {
      const r = (await get(id)).json();
      return r.status && r.status !== 'pending' && r.status !== 'processing' ? r : null;
    },
    { timeoutMs: 60_000 },
  );
const deck = (company: string, words: string) =>
  buildSlidesPdf([
    [
      { text: company, size: 48, bold: true },
      { text: 'Software for logistics teams', size: 20 },
    ],
    [{ text: words, size: 16 }],
    [{ text: `https://${company.toLowerCase().replace(/\W/g, '')}.io`, size: 14 }],
  ]);
const deckMail = async (company: string, words: string, extra: object = {}) => ({
  subject: `${company} deck`,
  attachments: [
    { filename: 'deck.pdf', content: await deck(company, words), contentType: 'application/pdf' },
  ],
  ...extra,
});
const list = async (query: string) => {
  const res = await call('GET', `/api/emails?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { id: number; snippet?: string | null }[]; total: number };
};

beforeAll(async () => {
  h = await startIngest({ extractor: createHeuristicExtractor(), collect: [Topics.integrationChanged] });
  inbox = await h.createOrganization(ORG, { plan: 'pro', monthlyDeckLimit: 100 });
  otherInbox = await h.createOrganization(OTHER_ORG, { plan: 'pro', monthlyDeckLimit: 100 });
}, 90_000);
afterAll(async () => h?.stop());

describe('archive and unarchive', () => {
  it('takes a record out of the inbox view and back; another organization gets 404', async () => {
    const id = await send({ subject: `archive-${run}`, text: 'https://docsend.com/view/archive' });
    expect((await call('POST', `/api/emails/${id}/archive`, undefined, OTHER_ORG)).statusCode).toBe(404);
    const archived = await call('POST', `/api/emails/${id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archivedAt).toEqual(expect.any(String));
    expect((await list(`searchTerm=archive-${run}`)).data).toEqual([]);
    expect((await list(`searchTerm=archive-${run}&view=archived`)).data.map((r) => r.id)).toEqual([id]);
    expect((await list(`searchTerm=archive-${run}&view=all`)).total).toBe(1);
    const back = await call('POST', `/api/emails/${id}/unarchive`);
    expect(back.json().archivedAt).toBeNull();
    expect((await list(`searchTerm=archive-${run}`)).data.map((r) => r.id)).toEqual([id]);
  });
});

describe('delete', () => {
  it("purges the stored deck bytes, the deck text and the body, keeps others' records, and is in the activity log", async () => {
    const id = await send(
      await deckMail(`Purgeco ${run}`, 'Our flywheel beats everyone', { text: 'Body text' }),
    );
    await settled(id);
    const [stored] = await h.query<{ deck_text: string; n: string }>(
      'SELECT deck_text, (SELECT count(*) FROM attachments WHERE email_id = ?) AS n FROM emails WHERE id = ?',
      [id, id],
    );
    expect(stored?.deck_text).toContain('flywheel');
    expect(Number(stored?.n)).toBe(1);

    expect((await call('DELETE', `/api/emails/${id}`, undefined, OTHER_ORG)).statusCode).toBe(404);
    const res = await call('DELETE', `/api/emails/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true, id });
    expect((await get(id)).statusCode).toBe(404);
    const rows = await h.query<{ n: string }>(
      'SELECT (SELECT count(*) FROM emails WHERE id = ?) + (SELECT count(*) FROM attachments WHERE email_id = ?) AS n',
      [id, id],
    );
    expect(Number(rows[0]?.n)).toBe(0);
    expect((await call('DELETE', `/api/emails/${id}`)).statusCode).toBe(404);

    const events = await h.bus!.waitForEvents(Topics.integrationChanged, ORG, 1, 30_000);
    const deleted = events.find((e) => e.data.change === 'record_deleted' && e.data.details.emailId === id);
    expect(deleted?.data.userId).toBe(MEMBER);
    expect(JSON.stringify(deleted)).not.toContain('flywheel');
  }, 90_000);
});

describe('bulk actions', () => {
  it('archives, retries and deletes the selected records, each answered on its own', async () => {
    const a = await send({ subject: `bulk-${run} a`, text: 'no deck here' });
    const b = await send({ subject: `bulk-${run} b`, text: 'no deck here either' });
    const foreign = await h.postMail(
      otherInbox,
      await buildMail({ to: otherInbox.address, subject: 'theirs' }),
    );
    const theirs = foreign.json().emailId as number;
    await settled(a);
    await settled(b);

    const archived = await call('POST', '/api/emails/bulk', { action: 'archive', ids: [a, b, theirs] });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().results).toEqual([
      { id: a, ok: true },
      { id: b, ok: true },
      { id: theirs, ok: false, message: 'Record not found' },
    ]);
    expect((await list(`searchTerm=bulk-${run}&view=archived`)).total).toBe(2);

    const retried = await call('POST', '/api/emails/bulk', { action: 'retry', ids: [a] });
    expect(retried.json().results).toEqual([{ id: a, ok: true }]);
    await settled(a);

    const removed = await call('POST', '/api/emails/bulk', { action: 'delete', ids: [a, b] });
    expect(removed.json().results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect((await list(`searchTerm=bulk-${run}&view=all`)).total).toBe(0);
    // The other organization's record is untouched.
    const stillTheirs = await call('GET', `/api/emails/${theirs}`, undefined, OTHER_ORG);
    expect(stillTheirs.json().archivedAt).toBeNull();
  }, 90_000);

  it('answers 400 with a message for no ids, too many ids or an unknown action', async () => {
    for (const body of [
      { action: 'archive', ids: [] },
      { action: 'archive', ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { action: 'explode', ids: [1] },
      { action: 'archive', ids: ['x'] },
    ]) {
      const res = await call('POST', '/api/emails/bulk', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('not a deck and the block list', () => {
  it('marks and archives the record, blocks the domain (its webhook mail dropped with a 202, the API intake refused), and unblocking lets it in again', async () => {
    const domain = `spam-${run}.example`;
    const id = await send({ from: `news@${domain}`, subject: `newsletter-${run}`, text: 'Weekly news' });
    const marked = await call('POST', `/api/emails/${id}/not-a-deck`, { block: 'domain' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ notADeck: true, archivedAt: expect.any(String) });

    const blocked = await call('GET', '/api/integrations/blocked-senders');
    const entry = blocked.json().entries.find((e: { value: string }) => e.value === domain);
    expect(entry).toMatchObject({ kind: 'domain', value: domain });
    // Only this organization's list.
    expect(
      (await call('GET', '/api/integrations/blocked-senders', undefined, OTHER_ORG)).json().entries,
    ).toEqual([]);

    // Another sender of that domain is dropped at the provider webhook: answered 202 (with no record) and
    // nothing stored. Not 403: inbound providers retry a non-2xx answer for hours (SendGrid and Postmark retry
    // any non-2xx, Mailgun stops only on 406), so a refusal would bring the blocked mail back again and again.
    const dropped = await h.app.inject({
      method: 'POST',
      url: '/webhooks/mail',
      payload: await buildMail({
        to: inbox.address,
        from: `other@${domain}`,
        subject: `again-${run}`,
        text: 'More news',
      }),
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${inbox.secret}` },
    });
    expect(dropped.statusCode, dropped.body).toBe(202);
    expect(dropped.json()).toEqual({ accepted: true, emailId: null });
    expect((await list(`searchTerm=again-${run}&view=all`)).total).toBe(0);
    // The API intake (an organization key) is a client that reads the answer: it keeps 403 SENDER_BLOCKED.
    const viaApi = await h.app.inject({
      method: 'POST',
      url: '/api/emails',
      headers: {
        ...h.headers({
          userId: MEMBER,
          orgId: ORG,
          role: 'member',
          apiKey: { id: 'keyinbox0000', scope: 'write' },
        }),
        'content-type': 'message/rfc822',
      },
      payload: await buildMail({ to: 'deals@fund.test', from: `third@${domain}`, subject: `api-${run}` }),
    });
    expect(viaApi.statusCode, viaApi.body).toBe(403);
    expect(viaApi.json().message).toEqual(expect.any(String));
    expect((await list(`searchTerm=api-${run}&view=all`)).total).toBe(0);

    const blockedEvent = await waitFor(
      async () =>
        (await h.bus!.waitForEvents(Topics.integrationChanged, ORG, 1, 30_000)).find(
          (e) => e.data.change === 'sender_blocked' && e.data.details.value === domain,
        ) ?? null,
      { timeoutMs: 30_000 },
    );
    expect(blockedEvent?.data.userId).toBe(MEMBER);

    // Members cannot unblock (owner only); the owner can, and the mail is received again.
    expect((await call('DELETE', `/api/integrations/blocked-senders/${entry.id}`)).statusCode).toBe(403);
    const unblocked = await h.app.inject({
      method: 'DELETE',
      url: `/api/integrations/blocked-senders/${entry.id}`,
      headers: h.headersFor(ORG, 'owner'),
    });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    await send({ from: `other@${domain}`, subject: `again-${run}`, text: 'More news' });
  }, 60_000);

  it('answers 400 for an unknown block kind', async () => {
    const id = await send({ subject: `kind-${run}`, text: 'x' });
    const res = await call('POST', `/api/emails/${id}/not-a-deck`, { block: 'planet' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('full-text search', () => {
  it('finds a deck by a word only in its text, ranks a match in the subject first, and shows the snippet', async () => {
    const word = `zorbulate${run}`;
    const inDeck = await send(await deckMail(`Deckonly ${run}`, `Our platform will ${word} freight routing`));
    const inSubject = await send({
      subject: `${word} in the subject`,
      text: 'https://docsend.com/view/ranked',
      headers: { Date: new Date(Date.UTC(2025, 0, 1)).toUTCString() },
    });
    await settled(inDeck);
    await settled(inSubject);

    const found = await list(`searchTerm=${word}`);
    expect(found.data.map((r) => r.id)).toEqual([inSubject, inDeck]);
    const snippet = found.data.find((r) => r.id === inDeck)?.snippet ?? '';
    expect(snippet).toContain(`\u0002${word}\u0003`);
    expect(snippet).toContain('freight');

    // Stemmed in the deck's language (English here): another form of a word of the deck finds it.
    const [lang] = await h.query<{ search_language: string }>(
      'SELECT search_language::text FROM emails WHERE id = ?',
      [inDeck],
    );
    expect(['english', 'simple']).toContain(lang?.search_language);
    // The GIN index exists.
    const [index] = await h.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE indexname = 'emails_search'",
    );
    expect(index?.indexdef).toMatch(/USING gin \(search\)/);
  }, 90_000);
});

describe('filters', () => {
  it('combines industry, received dates and owner, and refuses a malformed date with 400', async () => {
    const id = await send({
      subject: `filters-${run}`,
      text: 'https://docsend.com/view/filters',
      headers: { Date: new Date(Date.UTC(2024, 5, 15, 12)).toUTCString() },
    });
    await settled(id);
    const base = `searchTerm=filters-${run}`;
    expect((await list(`${base}&receivedFrom=2024-06-15&receivedTo=2024-06-15`)).total).toBe(1);
    expect((await list(`${base}&receivedFrom=2024-06-16`)).total).toBe(0);
    expect((await list(`${base}&receivedTo=2024-06-14`)).total).toBe(0);
    expect((await list(`${base}&industry=no-such-industry`)).total).toBe(0);
    expect((await list(`${base}&ownerId=999999`)).total).toBe(0);
    // Hostile text in any filter is a 4xx or an empty answer, never a 500.
    for (const value of ['%00', '%ED%A0%80', "'%20OR%20'1'='1", '!!!%26%26%7C', '<script>', 'a%3A*%20%26']) {
      for (const name of ['searchTerm', 'industry', 'location']) {
        const res = await call('GET', `/api/emails?${name}=${value}`);
        expect(res.statusCode, `${name}=${value}: ${res.body}`).toBeLessThan(500);
        const csv = await call('GET', `/api/emails/export?${name}=${value}`);
        expect(csv.statusCode, `export ${name}=${value}`).toBeLessThan(500);
      }
    }
    const bad = await call('GET', `/api/emails?receivedFrom=15/06/2024`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  }, 60_000);
});

describe('CSV export', () => {
  it('streams the filtered records as UTF-8 with a BOM, every cell quoted and formulas defused', async () => {
    const kept = await send({ subject: `=HYPERLINK("x") export-${run}`, text: 'x' });
    const other = await send({ subject: `export-${run} archived`, text: 'y' });
    await call('POST', `/api/emails/${other}/archive`);
    const res = await call('GET', `/api/emails/export?searchTerm=export-${run}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="records-/);
    const body = res.rawPayload.toString('utf8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"Record ID","Received \(UTC\)","Sender name"/);
    // The archived one is left out (the inbox view, as the list); the formula starts with a quote.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${kept}"`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") export-${run}"`);
    const archived = await call('GET', `/api/emails/export?searchTerm=export-${run}&view=archived`);
    expect(archived.rawPayload.toString('utf8').trimEnd().split('\r\n')).toHaveLength(2);
    expect(
      (await call('GET', `/api/emails/export?receivedFrom=2024-02-01&receivedTo=2024-01-01`)).statusCode,
    ).toBe(400);
  });

  it('streams 2,000 records in batches, the same rows as the list', async () => {
    const em = h.svc.ctx.orm.em.fork();
    await em.getConnection().execute(
      `INSERT INTO emails (org_id, from_email, subject, text_body, received_at, source, status)
       SELECT ?, 'bulk@fund.test', 'bulkexport-${run} ' || g, '', now() - g * interval '1 minute', 'api', 'failed'
       FROM generate_series(1, 2000) g`,
      [ORG],
    );
    const res = await call('GET', `/api/emails/export?searchTerm=bulkexport-${run}`);
    const lines = res.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2001);
    expect(new Set(lines.slice(1).map((l) => l.split('","')[0])).size).toBe(2000);
    expect((await list(`searchTerm=bulkexport-${run}`)).total).toBe(2000);
  }, 60_000);

  it('exports 100,000 records in constant memory (RSS growth printed)', async () => {
    const BIG_ORG = 83;
    await h.createOrganization(BIG_ORG);
    const em = h.svc.ctx.orm.em.fork();
    await em.getConnection().execute(
      `INSERT INTO emails (org_id, from_email, from_name, subject, text_body, received_at, source, status, extracted_data)
       SELECT ?, 'founder' || g || '@startup.test', 'Founder ' || g, 'Deck number ' || g, '', now() - g * interval '1 second',
         'api', 'completed', jsonb_build_object('companyName', 'Company ' || g, 'industry', 'Fintech', 'location', 'Berlin')
       FROM generate_series(1, 100000) g`,
      [BIG_ORG],
    );
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    let rows = -1;
    let bytes = 0;
    for await (const chunk of exportEmailsCsv(em.fork(), BIG_ORG, {
      filter: 'all',
      view: 'inbox',
    })) {
      bytes += Buffer.byteLength(chunk);
      rows += chunk.split('\r\n').length - 1;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    const growthMb = (peak - before) / 1024 / 1024;
    console.log(
      `[inbox export] ${rows} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB of CSV, peak RSS growth ${growthMb.toFixed(1)} MB`,
    );
    expect(rows).toBe(100_000);
    expect(growthMb).toBeLessThan(50);
  }, 180_000);
});
