import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@dealflow/contracts';
import { startCrm } from '../../test/crm.js';
import { createDeckExtracted } from '../../test/factories/deck.factory.js';
import { startAffinityStandIn } from '../../test-support/affinity-stand-in.js';
import { createAffinityClient } from './affinity-client.js';
import { createAffinityCrmProvider } from './crm-provider.js';

const API_KEY = 'affinity-test-key';
const LIST_ID = 4242;

const ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');

describe("deals in an organization's own Affinity account, against the local Affinity stand-in", () => {
  let affinity: Awaited<ReturnType<typeof startAffinityStandIn>>;
  let crm: Awaited<ReturnType<typeof startCrm>>;
  beforeAll(async () => {
    affinity = await startAffinityStandIn({
      apiKey: API_KEY,
      listIds: [LIST_ID],
      retryAfterSeconds: 1,
    });
    crm = await startCrm({ CRM_ENCRYPTION_KEY: ENCRYPTION_KEY, AFFINITY_BASE_URL: affinity.url });
    for (const orgId of [7, 8, 9]) {
      const res = await crm.svc.app.inject({
        method: 'PUT',
        url: '/api/crm/affinity',
        payload: { apiKey: API_KEY, listId: LIST_ID, webUrl: 'https://fund.affinity.co' },
        headers: crm.headersFor(orgId),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    affinity.requests.length = 0;
    affinity.rateLimitNext(1);
  });
  afterAll(async () => {
    await crm?.stop();
    await affinity?.close();
  });

  it('waits out a 429 (Retry-After), then creates the organization, an opportunity in the list and a note', async () => {
    const deck = createDeckExtracted({ orgId: 7 });
    await crm.bus.publish(Topics.deckExtracted, deck);
    const [created] = await crm.waitForRecord(Topics.dealCreated, deck.emailId);

    const [limited, retried] = affinity.requests;
    expect(limited!.path).toBe('/organizations');
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(950);

    expect(affinity.organizations).toEqual([
      expect.objectContaining({ name: 'Orbital Labs', domain: 'orbital-labs.com' }),
    ]);
    const [opportunity] = affinity.opportunities;
    expect(opportunity).toMatchObject({
      name: 'Orbital Labs (Seed)',
      organization_ids: [affinity.organizations[0]!.id],
    });
    expect(affinity.listEntries).toEqual([
      expect.objectContaining({ list_id: LIST_ID, entity_id: opportunity!.id }),
    ]);
    expect(affinity.notes[0]).toMatchObject({
      opportunity_ids: [opportunity!.id],
      organization_ids: [affinity.organizations[0]!.id],
    });
    expect(affinity.notes[0]!.content).toContain('Metric ARR: $400k');

    expect(created!.data).toMatchObject({
      provider: 'affinity',
      dealUrl: `https://fund.affinity.co/opportunities/${opportunity!.id}`,
    });
    const deal = await crm.svc.app.inject({
      method: 'GET',
      url: `/api/deals/by-email/${deck.emailId}`,
      headers: crm.headersFor(7),
    });
    expect(deal.json()).toMatchObject({
      provider: 'affinity',
      url: `https://fund.affinity.co/opportunities/${opportunity!.id}`,
    });
  });

  it('reuses the Affinity organization for the next deck of the same company', async () => {
    const deck = createDeckExtracted({ orgId: 7, extractedData: { fundingRound: 'Series A' } });
    await crm.bus.publish(Topics.deckExtracted, deck);
    await crm.waitForRecord(Topics.dealCreated, deck.emailId);
    expect(affinity.organizations).toHaveLength(1);
    expect(affinity.opportunities).toHaveLength(2);
  });

  it('finds an organization that already exists in Affinity by its domain instead of creating one', async () => {
    affinity.organizations.push({
      id: 1,
      name: 'Helio Labs',
      domain: 'helio.dev',
      domains: ['helio.dev'],
      crunchbase_uuid: null,
      global: false,
    });
    const deck = createDeckExtracted({
      orgId: 8,
      extractedData: { companyName: 'Helio', website: 'helio.dev' },
    });
    await crm.bus.publish(Topics.deckExtracted, deck);
    await crm.waitForRecord(Topics.dealCreated, deck.emailId);
    expect(affinity.organizations.filter((o) => o.domains.includes('helio.dev'))).toHaveLength(1);
    expect(affinity.opportunities.at(-1)!.organization_ids).toEqual([1]);
  });

  it('sends basic auth with the key, and a wrong key is an error, not a deal', async () => {
    expect(
      affinity.requests.every(
        (r) => r.headers.authorization === `Basic ${Buffer.from(`:${API_KEY}`).toString('base64')}`,
      ),
    ).toBe(true);
    const client = createAffinityClient({
      apiKey: 'wrong',
      baseUrl: affinity.url,
      maxRequestsPerMinute: 900,
    });
    await expect(client.findOrganizationByDomain('acme.io')).rejects.toMatchObject({ status: 401 });
  });

  it("surfaces Affinity's refusal of an opportunity as an error carrying its status", async () => {
    const client = createAffinityClient({
      apiKey: API_KEY,
      baseUrl: affinity.url,
      maxRequestsPerMinute: 900,
    });
    await expect(client.createOpportunity({ name: 'x', listId: 1, organizationId: 1 })).rejects.toMatchObject(
      { status: 422 },
    );
  });

  it('rejects the record with provider_error when Affinity keeps answering 429', async () => {
    const opportunities = affinity.opportunities.length;
    affinity.rateLimitNext(100);
    const deck = createDeckExtracted({ orgId: 9, extractedData: { website: 'stormy.io' } });
    await crm.bus.publish(Topics.deckExtracted, deck);
    const [rejected] = await crm.waitForRecord(Topics.dealRejected, deck.emailId, 1, 20_000);
    affinity.rateLimitNext(0);
    expect(rejected!.data).toMatchObject({ reason: 'provider_error', emailId: deck.emailId });
    expect(rejected!.data.message).toBe(
      'The CRM (affinity) did not accept the deal (HTTP 429). Retry later; the details are in the service log.',
    );
    expect(affinity.opportunities).toHaveLength(opportunities);
  });

  describe('retries: a POST is sent again only when Affinity provably did not get it', () => {
    const client = () =>
      createAffinityClient({
        apiKey: API_KEY,
        baseUrl: affinity.url,
        maxRequestsPerMinute: 900,
        timeoutMs: 300,
      });
    const deal = (dealName: string) => ({
      companyName: 'Orbital Labs',
      domain: 'orbital-labs.com',
      companyExternalId: String(affinity.organizations[0]!.id),
      dealName,
      summary: `Summary of ${dealName}`,
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1_200));

    it('a timeout after Affinity accepted the opportunity creates exactly one opportunity (and no note)', async () => {
      const provider = createAffinityCrmProvider(client(), {
        listId: LIST_ID,
        webUrl: 'https://fund.affinity.co',
      });
      const opportunities = affinity.opportunities.length;
      const notes = affinity.notes.length;
      affinity.stallNext(1, 1_000, '/opportunities');
      await expect(provider.createDeal(deal('Stalled opportunity'))).rejects.toThrow(
        /unreachable|timeout|abort/i,
      );
      await settle();
      expect(affinity.opportunities.filter((o) => o.name === 'Stalled opportunity')).toHaveLength(1);
      expect(affinity.opportunities.length - opportunities).toBe(1);
      expect(affinity.notes.length - notes).toBe(0);
    });

    it('a timeout after Affinity accepted the note creates exactly one note', async () => {
      const provider = createAffinityCrmProvider(client(), {
        listId: LIST_ID,
        webUrl: 'https://fund.affinity.co',
      });
      affinity.stallNext(1, 1_000, '/notes');
      await expect(provider.createDeal(deal('Stalled note'))).rejects.toThrow();
      await settle();
      const [opportunity, ...more] = affinity.opportunities.filter((o) => o.name === 'Stalled note');
      expect(more).toHaveLength(0);
      expect(affinity.notes.filter((n) => n.opportunity_ids.includes(opportunity!.id))).toHaveLength(1);
    });

    it('a POST answered 503 is not sent again; a GET is', async () => {
      const before = affinity.requests.length;
      affinity.failNext(1);
      await expect(
        client().createNote({ content: 'after a 503', organizationId: 1, opportunityId: 1 }),
      ).rejects.toMatchObject({ status: 503 });
      expect(affinity.requests.length - before).toBe(1);
      expect(affinity.notes.filter((n) => n.content === 'after a 503')).toHaveLength(0);

      affinity.failNext(1);
      await expect(client().findList(LIST_ID)).resolves.toMatchObject({ id: LIST_ID });
      expect(affinity.requests.length - before).toBe(3);
    });

    it('a POST answered 429 with Retry-After is sent again after the wait, once', async () => {
      const before = affinity.requests.length;
      affinity.rateLimitNext(1);
      await client().createNote({ content: 'after a 429', organizationId: 1, opportunityId: 1 });
      const [limited, retried, ...rest] = affinity.requests.slice(before);
      expect(rest).toHaveLength(0);
      expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(950);
      expect(affinity.notes.filter((n) => n.content === 'after a 429')).toHaveLength(1);
    });

    it('a POST to a refused connection (nothing was sent) is tried again', async () => {
      const { createServer } = await import('node:net');
      // A port that refuses: bound, then closed.
      const port = await new Promise<number>((resolve) => {
        const server = createServer().listen(0, '127.0.0.1', () => {
          const { port: p } = server.address() as { port: number };
          server.close(() => resolve(p));
        });
      });
      let attempts = 0;
      const refused = createAffinityClient({
        apiKey: API_KEY,
        baseUrl: `http://127.0.0.1:${port}`,
        maxRequestsPerMinute: 900,
        maxAttempts: 3,
        onRetry: () => attempts++,
      });
      await expect(
        refused.createNote({ content: 'refused', organizationId: 1, opportunityId: 1 }),
      ).rejects.toMatchObject({ status: 0 });
      expect(attempts).toBe(2);
    });
  });
});
