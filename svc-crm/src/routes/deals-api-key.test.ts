import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@dealflow/contracts';
import { startCrm } from '../../test/crm.js';
import { createDeckExtracted } from '../../test/factories/deck.factory.js';

// Deals as an organization API key reads them (the gateway's x-identity-token with kind api_key).
type Crm = Awaited<ReturnType<typeof startCrm>>;
let crm: Crm;
beforeAll(async () => {
  crm = await startCrm();
}, 60_000);
afterAll(async () => crm?.stop(), 60_000);

const key = (orgId: number, scope: 'read' | 'write' = 'read') =>
  crm.headers({
    userId: orgId * 100,
    orgId,
    role: 'member',
    apiKey: { id: `crm${orgId}`.padEnd(12, '0'), scope },
  });

async function dealOf(orgId: number) {
  const deck = createDeckExtracted({ orgId });
  await crm.bus.publish(Topics.deckExtracted, deck);
  const [created] = await crm.waitForRecord(Topics.dealCreated, deck.emailId);
  return { emailId: deck.emailId, dealId: (created!.data as { dealId: string }).dealId };
}

describe('deals through an API key', () => {
  it("a key of organization A reads A's deals, by record and by id, and never B's", async () => {
    const a = await dealOf(51);
    const b = await dealOf(52);
    const byEmail = await crm.app.inject({
      method: 'GET',
      url: `/api/deals/by-email/${a.emailId}`,
      headers: key(51),
    });
    expect(byEmail.statusCode).toBe(200);
    const byId = await crm.app.inject({ method: 'GET', url: `/api/deals/${a.dealId}`, headers: key(51) });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().id).toBe(byEmail.json().id);

    for (const url of [`/api/deals/by-email/${b.emailId}`, `/api/deals/${b.dealId}`]) {
      const res = await crm.app.inject({ method: 'GET', url, headers: key(51) });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('a key, even a write key, cannot run the AI analysis (not an API-key route)', async () => {
    const a = await dealOf(51);
    const res = await crm.app.inject({
      method: 'POST',
      url: `/api/analysis/${a.emailId}`,
      headers: key(51, 'write'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'API keys cannot be used for this endpoint' });
  });
});
