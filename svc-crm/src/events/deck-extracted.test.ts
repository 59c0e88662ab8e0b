import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics } from '@dealflow/contracts';
import { TEST_PUBLIC_URL as PUBLIC_URL } from '@dealflow/service-kit/testing';
import { startCrm } from '../../test/crm.js';
import { createDeckExtracted } from '../../test/factories/deck.factory.js';
import { CompanySchema, DealSchema } from '../entities/index.js';

describe('ingest.deck.extracted with the built-in CRM', () => {
  let crm: Awaited<ReturnType<typeof startCrm>>;
  beforeAll(async () => {
    crm = await startCrm();
  });
  afterAll(async () => {
    await crm?.stop();
  });

  const countDeals = (orgId: number) => crm.svc.ctx.orm.em.fork().count(DealSchema, { orgId });
  const countCompanies = (orgId: number) => crm.svc.ctx.orm.em.fork().count(CompanySchema, { orgId });

  it('creates a company and a deal, announces crm.deal.created and serves the deal to its organization only', async () => {
    const deck = createDeckExtracted({ orgId: 11 });
    await crm.bus.publish(Topics.deckExtracted, deck);

    const [created] = await crm.waitForRecord(Topics.dealCreated, deck.emailId);
    expect(created!.data).toMatchObject({
      orgId: 11,
      emailId: deck.emailId,
      provider: 'builtin',
      companyName: 'Orbital Labs',
    });
    expect(created!.data.dealUrl).toBe(`${PUBLIC_URL}/processed-emails?deal=${created!.data.dealId}`);

    const response = await crm.svc.app.inject({
      method: 'GET',
      url: `/api/deals/by-email/${deck.emailId}`,
      headers: crm.headersFor(11, 'member'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created!.data.dealId,
      companyName: 'Orbital Labs',
      domain: 'orbital-labs.com',
      provider: 'builtin',
      stage: 'New',
      emailId: deck.emailId,
    });
    expect(response.json().notes).toContain('Funding round: Seed');

    const byId = await crm.svc.app.inject({
      method: 'GET',
      url: `/api/deals/${created!.data.dealId}`,
      headers: crm.headersFor(11),
    });
    expect(byId.json()).toMatchObject({ emailId: deck.emailId });

    const otherOrg = await crm.svc.app.inject({
      method: 'GET',
      url: `/api/deals/by-email/${deck.emailId}`,
      headers: crm.headersFor(12),
    });
    expect(otherOrg.statusCode).toBe(404);
    expect(otherOrg.json()).toEqual({ message: 'No CRM deal exists for this record' });
  });

  it('refuses anonymous callers and callers without an organization, whatever bypass headers say', async () => {
    const anonymous = await crm.svc.app.inject({
      method: 'GET',
      url: '/api/deals/by-email/1',
      headers: { 'x-auth-bypass': 'true', 'x-user-id': '1' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noOrg = await crm.svc.app.inject({
      method: 'GET',
      url: '/api/deals/by-email/1',
      headers: crm.headersFor(null),
    });
    expect(noOrg.statusCode).toBe(403);
    const badId = await crm.svc.app.inject({
      method: 'GET',
      url: '/api/deals/by-email/abc',
      headers: crm.headersFor(11),
    });
    expect(badId.statusCode).toBe(400);
  });

  it('creates no second deal when the same event is delivered again, nor when the record is extracted again', async () => {
    const deck = createDeckExtracted({ orgId: 21 });
    const event = await crm.bus.publish(Topics.deckExtracted, deck);
    await waitFor(() => crm.ofRecord(Topics.dealCreated, deck.emailId).length === 1);

    await crm.bus.publish(Topics.deckExtracted, deck, { id: event.id }); // redelivery: same event id
    await crm.bus.publish(Topics.deckExtracted, deck); // a retried record: new event, same email id
    const announcements = await crm.waitForRecord(Topics.dealCreated, deck.emailId, 2);
    // Give the redelivered event time to be (not) handled before counting.
    await new Promise((r) => setTimeout(r, 500));
    expect(await countDeals(21)).toBe(1);
    expect(crm.ofRecord(Topics.dealCreated, deck.emailId)).toHaveLength(2);
    expect(announcements[1]!.data.dealId).toBe(announcements[0]!.data.dealId);
  });

  it('keeps one company per domain: a second deck of the same company is a second deal of that company', async () => {
    const first = createDeckExtracted({ orgId: 31 });
    const second = createDeckExtracted({
      orgId: 31,
      fromEmail: 'cto@orbital-labs.com',
      extractedData: { website: 'orbital-labs.com/en', fundingRound: 'Series A' },
    });
    await crm.bus.publish(Topics.deckExtracted, first);
    await crm.bus.publish(Topics.deckExtracted, second);
    await waitFor(
      () =>
        crm.ofRecord(Topics.dealCreated, second.emailId).length === 1 &&
        crm.ofRecord(Topics.dealCreated, first.emailId).length === 1,
    );
    expect(await countCompanies(31)).toBe(1);
    expect(await countDeals(31)).toBe(2);
    const [a] = crm.ofRecord(Topics.dealCreated, first.emailId);
    const [b] = crm.ofRecord(Topics.dealCreated, second.emailId);
    expect(a!.data.companyId).toBe(b!.data.companyId);
  });

  it('rejects a deck with no website from a free-mail sender as missing_domain', async () => {
    const deck = createDeckExtracted({
      orgId: 41,
      fromEmail: 'founder@gmail.com',
      extractedData: { website: null },
    });
    await crm.bus.publish(Topics.deckExtracted, deck);
    const [rejected] = await crm.waitForRecord(Topics.dealRejected, deck.emailId);
    expect(rejected!.data).toMatchObject({ orgId: 41, emailId: deck.emailId, reason: 'missing_domain' });
    expect(await countDeals(41)).toBe(0);
    const response = await crm.svc.app.inject({
      method: 'GET',
      url: `/api/deals/by-email/${deck.emailId}`,
      headers: crm.headersFor(41),
    });
    expect(response.statusCode).toBe(404);
  });

  it("uses a company sender's domain when the deck names no website", async () => {
    const deck = createDeckExtracted({
      orgId: 51,
      fromEmail: 'ceo@quantum-bakery.io',
      extractedData: { website: null, companyName: null },
    });
    await crm.bus.publish(Topics.deckExtracted, deck);
    await waitFor(() => crm.ofRecord(Topics.dealCreated, deck.emailId).length === 1);
    const response = await crm.svc.app.inject({
      method: 'GET',
      url: `/api/deals/by-email/${deck.emailId}`,
      headers: crm.headersFor(51),
    });
    expect(response.json()).toMatchObject({ domain: 'quantum-bakery.io', companyName: 'quantum-bakery.io' });
  });

  it('a free-mail sender with a website in the deck still gets a deal under the website domain', async () => {
    const deck = createDeckExtracted({
      orgId: 52,
      fromEmail: 'founder@outlook.com',
      extractedData: { website: 'www.tidal-grid.energy' },
    });
    await crm.bus.publish(Topics.deckExtracted, deck);
    await waitFor(() => crm.ofRecord(Topics.dealCreated, deck.emailId).length === 1);
    const response = await crm.svc.app.inject({
      method: 'GET',
      url: `/api/deals/by-email/${deck.emailId}`,
      headers: crm.headersFor(52),
    });
    expect(response.json()).toMatchObject({ domain: 'tidal-grid.energy' });
  });

  it('a missing-domain record retried with a website gets its deal', async () => {
    const deck = createDeckExtracted({
      orgId: 53,
      fromEmail: 'x@yahoo.com',
      extractedData: { website: null },
    });
    await crm.bus.publish(Topics.deckExtracted, deck);
    await waitFor(() => crm.ofRecord(Topics.dealRejected, deck.emailId).length === 1);
    await crm.bus.publish(Topics.deckExtracted, {
      ...deck,
      extractedData: { ...deck.extractedData, website: 'https://late-site.com' },
    });
    await waitFor(() => crm.ofRecord(Topics.dealCreated, deck.emailId).length === 1);
    expect(await countDeals(53)).toBe(1);
  });

  it('deletes everything of an organization on identity.organization.deleted', async () => {
    const deck = createDeckExtracted({ orgId: 61 });
    const kept = createDeckExtracted({ orgId: 62 });
    await crm.bus.publish(Topics.deckExtracted, deck);
    await crm.bus.publish(Topics.deckExtracted, kept);
    await waitFor(
      () =>
        crm.ofRecord(Topics.dealCreated, deck.emailId).length === 1 &&
        crm.ofRecord(Topics.dealCreated, kept.emailId).length === 1,
    );
    await crm.bus.publish(Topics.organizationDeleted, { orgId: 61 });
    await waitFor(async () => (await countDeals(61)) === 0 && (await countCompanies(61)) === 0);
    expect(await countDeals(62)).toBe(1);
  });
});
