import { Topics } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeuristicExtractor } from '../domain/extraction/heuristic-extractor.js';
import { sampleDeck, samplePptx } from '../test/factories/deck.factory.js';
import { buildMail } from '../test/factories/mail.factory.js';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';

let h: TIngestTest;
let inbox: { address: string; secret: string };
const ORG = 41;
const OTHER_ORG = 42;

const send = async (mail: Omit<Parameters<typeof buildMail>[0], 'to'>) => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/webhooks/mail',
    payload: await buildMail({ to: inbox.address, ...mail }),
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${inbox.secret}` },
  });
  expect(res.statusCode).toBe(202);
  return res.json().emailId as number;
};
const get = (url: string, orgId = ORG) =>
  h.app.inject({ method: 'GET', url, headers: h.headersFor(orgId, 'member') });
const settled = (id: number) =>
  waitFor(
    async () => {
      const r = (await get(`/api/emails/${id}`)).json();
      return r.status !== 'pending' && r.status !== 'processing' ? r : null;
    },
    { timeoutMs: 60_000 },
  );

const HOSTILE_HTML =
  '<p>Hi</p><script>alert(1)</script><img src="https://tracker.example/p.gif"><form action="https://evil.example"><input name="x"></form>';

let deck: Buffer;
let pdfId: number;

beforeAll(async () => {
  h = await startIngest({ extractor: createHeuristicExtractor() });
  await h.bus!.listen([Topics.deckExtracted]);
  inbox = await h.createOrganization(ORG, { plan: 'pro', monthlyDeckLimit: 100 });
  await h.createOrganization(OTHER_ORG, { plan: 'pro', monthlyDeckLimit: 100 });
  deck = await sampleDeck('Lumen Grid');
  pdfId = await send({
    subject: 'Lumen Grid seed deck',
    text: 'Please find our deck attached.',
    html: HOSTILE_HTML,
    attachments: [
      { filename: 'lumen grid "deck".pdf', content: deck, contentType: 'application/pdf' },
      { filename: 'financials.csv', content: Buffer.from('a,b\n1,2\n'), contentType: 'text/csv' },
    ],
  });
  await settled(pdfId);
}, 120_000);
afterAll(async () => h?.stop());

describe('the record page: message, deck and attachments', () => {
  it("serves the deck's stored bytes, org-scoped, as a download with nosniff", async () => {
    const res = await get(`/api/emails/${pdfId}/deck`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(deck)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="lumen grid \\"deck\\".pdf"`);
    const other = await get(`/api/emails/${pdfId}/deck`, OTHER_ORG);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('This record has no deck file');
  });

  it('returns the message with the raw HTML (the client sanitizes), the attachments and a signed viewer URL', async () => {
    const res = await get(`/api/emails/${pdfId}/message`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(body.text).toContain('Please find our deck attached.');
    expect(body.html).toContain('<script>');
    expect(body.attachments.map((a: { filename: string }) => a.filename)).toEqual([
      'lumen grid "deck".pdf',
      'financials.csv',
    ]);
    expect(body.deck).toMatchObject({ kind: 'pdf', filename: 'lumen grid "deck".pdf', slides: null });
    expect(body.history.map((e: { id: number }) => e.id)).toContain(pdfId);

    const viewer = await get(body.deck.viewerUrl);
    expect(viewer.statusCode).toBe(200);
    expect(viewer.rawPayload.equals(deck)).toBe(true);
    expect(viewer.headers['content-disposition']).toMatch(/^inline; filename=/);

    // The same signed URL in another organization: refused (the signature names the organization).
    expect((await get(body.deck.viewerUrl, OTHER_ORG)).statusCode).toBe(403);
    expect((await get(`/api/emails/${pdfId}/message`, OTHER_ORG)).statusCode).toBe(404);

    const csv = body.attachments[1];
    const file = await get(csv.downloadPath);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('a,b\n1,2\n');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('attachment; filename="financials.csv"');
    expect((await get(csv.downloadPath, OTHER_ORG)).statusCode).toBe(404);
  });

  it('refuses an expired or forged viewer URL with a message', async () => {
    const { deck: d } = (await get(`/api/emails/${pdfId}/message`)).json();
    const url = new URL(d.viewerUrl, 'http://x');
    const expires = Number(url.searchParams.get('expires'));
    const sig = url.searchParams.get('signature')!;
    const forged = await get(`/api/emails/${pdfId}/deck?expires=${expires + 3600}&signature=${sig}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('This deck link is not valid');
    const flipped = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    expect((await get(`/api/emails/${pdfId}/deck?expires=${expires}&signature=${flipped}`)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/emails/${pdfId}/deck?expires=${expires}`)).statusCode).toBe(403);
    const bad = await get(`/api/emails/${pdfId}/deck?expires=${expires}&signature=zz`);
    expect(bad.statusCode).toBe(400);

    const { signViewerUrl, viewerKey } = await import('../domain/record-page/viewer-url.js');
    const old = signViewerUrl(viewerKey(h.config.INTERNAL_API_TOKEN), pdfId, ORG, Date.now() - 3_600_000);
    const expired = await get(`/api/emails/${pdfId}/deck?expires=${old.expires}&signature=${old.signature}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('This deck link has expired: reload the record page');
  });

  it("shows a PPTX deck as its slides' text and lists the company's decks (by website) with what changed", async () => {
    const id = await send({
      subject: 'Lumen Grid update',
      text: 'Our new deck.',
      attachments: [
        {
          filename: 'lumen.pptx',
          content: await samplePptx('Lumen Grid'),
          contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        },
      ],
    });
    await settled(id);
    const body = (await get(`/api/emails/${id}/message`)).json();
    expect(body.deck.kind).toBe('pptx');
    expect(body.deck.slides.length).toBeGreaterThan(0);
    expect(body.deck.slides.flat().join(' ')).toContain('Lumen Grid');
    expect(body.html).toBeNull();

    // The earlier deck said $1M pre-seed (corrected by a member); a second deck from the same website follows.
    for (const [field, value] of [
      ['fundingAmount', '$1M'],
      ['fundingRound', 'Pre-seed'],
    ])
      expect(
        (
          await h.app.inject({
            method: 'PATCH',
            url: `/api/emails/${id}/extracted-data`,
            payload: { field, value },
            headers: h.headersFor(ORG, 'member'),
          })
        ).statusCode,
      ).toBe(200);
    const later = await send({
      subject: 'Lumen Grid, six months on',
      text: 'Our seed deck.',
      attachments: [
        {
          filename: 'lumen-seed.pptx',
          content: await samplePptx('Lumen Grid'),
          contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        },
      ],
    });
    await settled(later);
    const { history } = (await get(`/api/emails/${later}/message`)).json();
    expect(history.map((e: { id: number }) => e.id)).toEqual([id, later]);
    expect(history[0].changes).toEqual([]);
    expect(history[1].changes).toEqual([
      { field: 'Round', before: 'Pre-seed', after: 'Seed' },
      { field: 'Amount', before: '$1M', after: '$2M' },
    ]);
    // The PDF of another company (another website) is not in it.
    expect(history.map((e: { id: number }) => e.id)).not.toContain(pdfId);
  });
});
