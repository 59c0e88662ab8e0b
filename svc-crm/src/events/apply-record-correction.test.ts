import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import { startCrm } from '../../test/crm.js';
import { createDeckExtracted } from '../../test/factories/deck.factory.js';
import { DeckSchema } from '../entities/index.js';

type TCorrected = TEventPayload<typeof Topics.recordCorrected>;

describe('ingest.record.corrected over the broker', () => {
  let crm: Awaited<ReturnType<typeof startCrm>>;
  beforeAll(async () => {
    crm = await startCrm();
  });
  afterAll(async () => {
    await crm?.stop();
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
      return d.companyName === 'Orbital Logistics' ? d : null;
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
});
