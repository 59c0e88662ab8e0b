import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import { startCrm } from '../../test/crm.js';
import { createDeckExtracted } from '../../test/factories/deck.factory.js';
import { CompanySchema, DealSchema, DeckSchema } from '../entities/index.js';
import { startAffinityStandIn } from '../../test-support/affinity-stand-in.js';
import { CorrectionNotAppliedYet, syncCorrectedDeal } from '../use-cases/sync-corrected-deal.js';

type TCorrected = TEventPayload<typeof Topics.recordCorrected>;
type TDeck = ReturnType<typeof createDeckExtracted>;
const AFFINITY_KEY = 'affinity-key-of-the-corrections-fund';
const AFFINITY_LIST = 7070;

describe('ingest.record.corrected over the broker', () => {
  let crm: Awaited<ReturnType<typeof startCrm>>;
  let affinity: Awaited<ReturnType<typeof startAffinityStandIn>>;
  beforeAll(async () => {
    affinity = await startAffinityStandIn({ apiKey: AFFINITY_KEY, listIds: [AFFINITY_LIST] });
    crm = await startCrm({
      CRM_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
      AFFINITY_BASE_URL: affinity.url,
      // A parked event is tried again within a fraction of a second here (the default starts at 1 s).
      CONSUMER_RETRY_BASE_MS: '100',
    });
  });
  afterAll(async () => {
    await crm?.stop();
    await affinity?.close();
  });

  const dealOf = async (emailId: number, orgId: number) =>
    (
      await crm.svc.app.inject({
        method: 'GET',
        url: `/api/deals/by-email/${emailId}`,
        headers: crm.headersFor(orgId, 'member'),
      })
    ).json();

  it('renames the company and rewrites the deal note from the corrected data, once per event', async () => {
    const deck = createDeckExtracted({ orgId: 41 });
    await crm.bus.publish(Topics.deckExtracted, deck);
    await crm.waitForRecord(Topics.dealCreated, deck.emailId);
    expect((await dealOf(deck.emailId, 41)).companyName).toBe('Orbital Labs');

    const correction: TCorrected = {
      orgId: 41,
      emailId: deck.emailId,
      field: 'companyName',
      extractedData: { ...deck.extractedData, companyName: 'Orbital Logistics', fundingAmount: '$3M' },
      correctedBy: 7,
      correctedAt: new Date().toISOString(),
    };
    const event = await crm.bus.publish(Topics.recordCorrected, correction);
    const deal = await waitFor(async () => {
      const d = await dealOf(deck.emailId, 41);
      // The deal and its company are read by two statements: wait until both show the committed correction.
      return d.companyName === 'Orbital Logistics' && d.notes?.includes('$3M') ? d : null;
    });
    expect(deal.notes).toContain('Company: Orbital Logistics');
    expect(deal.notes).toContain('Funding amount: $3M');
    expect(deal.domain).toBe('orbital-labs.com');
    const stored = await crm.svc.ctx.orm.em.fork().findOneOrFail(DeckSchema, { emailId: deck.emailId });
    expect(stored.extractedData.companyName).toBe('Orbital Logistics');

    // A redelivery of the same event changes nothing, even if the deal was edited in between.
    await crm.svc.ctx.orm.em
      .fork()
      .getConnection()
      .execute('UPDATE crm_deal SET notes = ? WHERE email_id = ?', ['kept', deck.emailId]);
    await crm.bus.publish(Topics.recordCorrected, correction, { id: event.id });
    // A marker on the same partition (same organization): once it is applied, the redelivery was handled.
    const marker = createDeckExtracted({ orgId: 41 });
    await crm.bus.publish(Topics.deckExtracted, marker);
    await crm.waitForRecord(Topics.dealCreated, marker.emailId);
    expect((await dealOf(deck.emailId, 41)).notes).toBe('kept');
  });

  it("leaves other organizations' deals alone and ignores a record it never saw", async () => {
    const deck = createDeckExtracted({ orgId: 42 });
    await crm.bus.publish(Topics.deckExtracted, deck);
    await crm.waitForRecord(Topics.dealCreated, deck.emailId);
    // Same email id, another organization: the deck is not found for it.
    await crm.bus.publish(Topics.recordCorrected, {
      orgId: 43,
      emailId: deck.emailId,
      field: 'companyName',
      extractedData: { ...deck.extractedData, companyName: 'Hijacked' },
      correctedBy: 9,
      correctedAt: new Date().toISOString(),
    });
    const marker = createDeckExtracted({ orgId: 43 });
    await crm.bus.publish(Topics.deckExtracted, marker);
    await crm.waitForRecord(Topics.dealCreated, marker.emailId);
    expect((await dealOf(deck.emailId, 42)).companyName).toBe('Orbital Labs');
  });

  /** A deal for a deck of `orgId` with this website (built-in unless the organization connected Affinity). */
  const dealFor = async (orgId: number, website: string) => {
    const deck = createDeckExtracted({ orgId, extractedData: { website } });
    await crm.bus.publish(Topics.deckExtracted, deck);
    const [created] = await crm.waitForRecord(Topics.dealCreated, deck.emailId);
    return { deck, created: created!.data };
  };
  const correctionOf = (
    deck: TDeck,
    field: TCorrected['field'],
    patch: Partial<TDeck['extractedData']>,
  ): TCorrected => ({
    orgId: deck.orgId,
    emailId: deck.emailId,
    field,
    extractedData: { ...deck.extractedData, ...patch },
    correctedBy: 7,
    correctedAt: new Date().toISOString(),
  });
  /** Publishes the correction and waits until the deal is on `domain`. */
  const correctWebsite = async (deck: TDeck, website: string, domain: string) => {
    const event = await crm.bus.publish(Topics.recordCorrected, correctionOf(deck, 'website', { website }));
    const deal = await waitFor(async () => {
      const d = await dealOf(deck.emailId, deck.orgId);
      return d.domain === domain ? d : null;
    });
    return { event, deal };
  };
  /** Events of one organization are applied in order: once a later deck has its deal, earlier events are done. */
  const settle = async (orgId: number) => {
    const marker = createDeckExtracted({ orgId, extractedData: { website: `marker-${orgId}.example` } });
    await crm.bus.publish(Topics.deckExtracted, marker);
    await crm.waitForRecord(Topics.dealCreated, marker.emailId);
  };
  const companiesOf = (orgId: number) =>
    crm.svc.ctx.orm.em.fork().find(CompanySchema, { orgId }, { orderBy: { id: 'asc' } });

  describe('a corrected website puts the deal on the right company', () => {
    it("moves the deal to the organization's company of that domain and deletes the emptied company", async () => {
      const first = await dealFor(51, 'https://alpha-51.io');
      const second = await dealFor(51, 'https://typo-alpha-51.io');
      expect(second.created.companyId).not.toBe(first.created.companyId);

      const { deal } = await correctWebsite(second.deck, 'https://www.Alpha-51.io/team', 'alpha-51.io');
      expect(deal.companyId).toBe(first.created.companyId);
      expect(deal.id).toBe(second.created.dealId);
      // The company the typo made has no deal left: it is gone, the other stays.
      expect((await companiesOf(51)).map((c) => c.domain)).toEqual(['alpha-51.io']);
      // The deal is announced again with its new company (crm.deal.created, as for a re-extracted record).
      const announced = await crm.waitForRecord(Topics.dealCreated, second.deck.emailId, 2);
      expect(announced[1]!.data).toMatchObject({
        dealId: second.created.dealId,
        companyId: first.created.companyId,
      });
    });

    it("updates the company's domain in place when the deal is its only deal, once per event", async () => {
      const { deck, created } = await dealFor(52, 'https://bravo-52.io');
      const { event, deal } = await correctWebsite(deck, 'https://charlie-52.io', 'charlie-52.io');
      expect(deal.companyId).toBe(created.companyId);
      expect((await companiesOf(52)).map((c) => [c.id, c.domain])).toEqual([
        [Number(created.companyId), 'charlie-52.io'],
      ]);
      await crm.waitForRecord(Topics.dealCreated, deck.emailId, 2);

      // Redelivered: nothing happens again (no third announcement, the company is not touched).
      await crm.svc.ctx.orm.em
        .fork()
        .getConnection()
        .execute('UPDATE crm_company SET name = ? WHERE id = ?', ['Edited since', Number(created.companyId)]);
      await crm.bus.publish(Topics.recordCorrected, event.data, { id: event.id });
      await settle(52);
      expect(crm.ofRecord(Topics.dealCreated, deck.emailId)).toHaveLength(2);
      expect((await dealOf(deck.emailId, 52)).companyName).toBe('Edited since');
    });

    it('gives the deal a new company when its company has other deals', async () => {
      const first = await dealFor(53, 'https://delta-53.io');
      const second = await dealFor(53, 'https://delta-53.io');
      expect(second.created.companyId).toBe(first.created.companyId);

      const { deal } = await correctWebsite(second.deck, 'https://echo-53.io', 'echo-53.io');
      expect(deal.companyId).not.toBe(first.created.companyId);
      expect(deal.companyName).toBe('Orbital Labs');
      expect((await dealOf(first.deck.emailId, 53)).domain).toBe('delta-53.io');
      expect((await companiesOf(53)).map((c) => c.domain)).toEqual(['delta-53.io', 'echo-53.io']);
    });

    it("never takes another organization's company of that domain", async () => {
      const theirs = await dealFor(54, 'https://foxtrot-54.io');
      const ours = await dealFor(55, 'https://golf-55.io');
      const { deal } = await correctWebsite(ours.deck, 'https://foxtrot-54.io', 'foxtrot-54.io');
      // Sole deal of its company: updated in place, inside organization 55.
      expect(deal.companyId).toBe(ours.created.companyId);
      const [their] = await companiesOf(54);
      expect(their).toMatchObject({ id: Number(theirs.created.companyId), domain: 'foxtrot-54.io' });
      const theirDeals = await crm.svc.ctx.orm.em.fork().find(DealSchema, { companyId: their!.id });
      expect(theirDeals.map((d) => d.emailId)).toEqual([theirs.deck.emailId]);
    });

    it('keeps the deal where it is when the corrected website leaves no domain (free-mail sender)', async () => {
      const deck = createDeckExtracted({
        orgId: 57,
        fromEmail: 'ada.founder@gmail.com',
        extractedData: { website: 'https://hotel-57.io' },
      });
      await crm.bus.publish(Topics.deckExtracted, deck);
      const [created] = (await crm.waitForRecord(Topics.dealCreated, deck.emailId)).map((e) => e.data);
      await crm.bus.publish(Topics.recordCorrected, correctionOf(deck, 'website', { website: null }));
      await settle(57);
      const deal = await dealOf(deck.emailId, 57);
      expect(deal.companyId).toBe(created!.companyId);
      expect(deal.domain).toBe('hotel-57.io');
      expect(deal.notes).not.toContain('Website:');
    });
  });

  describe('an Affinity deal', () => {
    const ORG = 56;
    beforeAll(async () => {
      const connected = await crm.svc.app.inject({
        method: 'PUT',
        url: '/api/crm/affinity',
        payload: { apiKey: AFFINITY_KEY, listId: AFFINITY_LIST },
        headers: crm.headersFor(ORG, 'owner'),
      });
      expect(connected.statusCode, connected.body).toBe(200);
    });
    const requestsSince = (start: number) =>
      affinity.requests.slice(start).map((r) => ({ method: r.method, path: r.path, body: r.body }));

    it('gets the corrected website, name and note in Affinity through the same client', async () => {
      const { deck, created } = await dealFor(ORG, 'https://india-56.io');
      expect(created.provider).toBe('affinity');
      const opportunity = affinity.opportunities.at(-1)!;
      const organizationId = opportunity.organization_ids[0]!;
      const before = affinity.requests.length;

      await correctWebsite(deck, 'https://juliet-56.io', 'juliet-56.io');
      await waitFor(() => affinity.notes.some((n) => n.content.includes('Website: https://juliet-56.io')));
      const requests = requestsSince(before);
      expect(requests).toContainEqual({
        method: 'PUT',
        path: `/organizations/${organizationId}`,
        body: { name: 'Orbital Labs', domain: 'juliet-56.io' },
      });
      expect(requests).toContainEqual({
        method: 'PUT',
        path: `/opportunities/${opportunity.id}`,
        body: { name: 'Orbital Labs (Seed)', organization_ids: [organizationId] },
      });
      expect(affinity.organizations.find((o) => o.id === organizationId)?.domains).toEqual(['juliet-56.io']);
      const note = affinity.notes.at(-1)!;
      expect(note).toMatchObject({ organization_ids: [organizationId], opportunity_ids: [opportunity.id] });
      // Every request with the organization's own key.
      expect(affinity.requests.slice(before).every((r) => affinity.keyOf(r) === AFFINITY_KEY)).toBe(true);
      // No longer pending once Affinity accepted it (the consumer's transaction commits after the last call).
      await waitFor(async () => {
        const d = await crm.svc.ctx.orm.em.fork().findOneOrFail(DealSchema, { emailId: deck.emailId });
        return !d.providerSyncPending;
      });
    });

    it('moves the opportunity to a new Affinity organization when the deal leaves a shared company', async () => {
      const first = await dealFor(ORG, 'https://kilo-56.io');
      const second = await dealFor(ORG, 'https://kilo-56.io');
      const kiloOrganization = affinity.opportunities.at(-1)!.organization_ids[0]!;
      const before = affinity.requests.length;
      await correctWebsite(second.deck, 'https://lima-56.io', 'lima-56.io');
      const lima = await waitFor(() => affinity.organizations.find((o) => o.domain === 'lima-56.io'));
      const secondOpportunity = affinity.opportunities.at(-1)!;
      await waitFor(() => secondOpportunity.organization_ids[0] === lima!.id);
      // The shared organization keeps its domain; the first deal's opportunity is not touched.
      expect(affinity.organizations.find((o) => o.id === kiloOrganization)?.domain).toBe('kilo-56.io');
      expect(
        requestsSince(before).filter((r) => r.method === 'PUT' && r.path.startsWith('/organizations/')),
      ).toEqual([]);
      // The new company keeps the Affinity organization's id (once the consumer's transaction commits).
      await waitFor(async () =>
        (await companiesOf(ORG)).some((c) => c.domain === 'lima-56.io' && c.externalId === String(lima!.id)),
      );
      expect((await dealOf(first.deck.emailId, ORG)).domain).toBe('kilo-56.io');
    });

    it("moves the opportunity to the Affinity organization of the organization's existing company", async () => {
      const first = await dealFor(ORG, 'https://november-56.io');
      const november = affinity.opportunities.at(-1)!.organization_ids[0]!;
      const second = await dealFor(ORG, 'https://oscar-56.io');
      const opportunity = affinity.opportunities.at(-1)!;
      const oscar = opportunity.organization_ids[0]!;
      const before = affinity.requests.length;
      const { deal } = await correctWebsite(second.deck, 'https://november-56.io', 'november-56.io');
      expect(deal.companyId).toBe(first.created.companyId);
      await waitFor(() => opportunity.organization_ids[0] === november);
      // Neither organization is edited; the emptied company goes in crm, its organization stays in Affinity.
      expect(
        requestsSince(before).filter((r) => r.method === 'PUT' && r.path.startsWith('/organizations/')),
      ).toEqual([]);
      expect(affinity.organizations.find((o) => o.id === oscar)?.domain).toBe('oscar-56.io');
      expect((await companiesOf(ORG)).some((c) => c.domain === 'oscar-56.io')).toBe(false);
    });

    it('renames the Affinity organization on a corrected company name', async () => {
      const { deck } = await dealFor(ORG, 'https://papa-56.io');
      const opportunity = affinity.opportunities.at(-1)!;
      const organizationId = opportunity.organization_ids[0]!;
      await crm.bus.publish(
        Topics.recordCorrected,
        correctionOf(deck, 'companyName', { companyName: 'Papa Freight' }),
      );
      await waitFor(() => opportunity.name === 'Papa Freight (Seed)');
      expect(affinity.organizations.find((o) => o.id === organizationId)).toMatchObject({
        name: 'Papa Freight',
        domain: 'papa-56.io',
      });
    });

    it('does not tell Affinity before the correction is applied in crm (the event is retried)', async () => {
      const { deck } = await dealFor(ORG, 'https://quebec-56.io');
      const before = affinity.requests.length;
      // As if the first consumer had been parked: crm has not applied this correction.
      const pending = correctionOf(deck, 'website', { website: 'https://romeo-56.io' });
      await expect(
        crm.svc.ctx.orm.em.fork().transactional((em) => syncCorrectedDeal(em, pending, crm.svc.deps)),
      ).rejects.toBeInstanceOf(CorrectionNotAppliedYet);
      expect(affinity.requests.length).toBe(before);
    });

    it('keeps the correction when Affinity fails, and sends it once Affinity answers again', async () => {
      const { deck } = await dealFor(ORG, 'https://mike-56.io');
      const opportunity = affinity.opportunities.at(-1)!;
      // Enough failures to outlast the client's 4 attempts on each of the consumer's 3 quick tries.
      affinity.failNext(12);
      const before = affinity.requests.length;
      await crm.bus.publish(
        Topics.recordCorrected,
        correctionOf(deck, 'fundingAmount', { fundingAmount: '$9M' }),
      );
      // The deal in crm has the correction at once, whatever Affinity says.
      await waitFor(async () => ((await dealOf(deck.emailId, ORG)).notes ?? '').includes('$9M'));
      // Affinity refused 12 times, then the parked event went through on the retry worker's next try.
      await waitFor(() => affinity.notes.some((n) => n.content.includes('Funding amount: $9M')), {
        timeoutMs: 30_000,
      });
      // 12 refused + the organization read + the opportunity update + the note.
      expect(affinity.requests.length - before).toBeGreaterThanOrEqual(15);
      expect(opportunity.name).toBe('Orbital Labs (Seed)');
      const stored = await waitFor(async () => {
        const d = await crm.svc.ctx.orm.em.fork().findOneOrFail(DealSchema, { emailId: deck.emailId });
        return d.providerSyncPending ? null : d;
      });
      expect(stored!.notes).toContain('$9M');
    });
  });
});
