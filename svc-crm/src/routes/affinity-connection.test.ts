import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@dealflow/contracts';
import { UPGRADE_MESSAGES } from '@dealflow/contracts/plans';
import { waitFor } from '@dealflow/service-kit/testing';
import { IngestIntegrationsSchema } from '../entities/index.js';
import { startCrm } from '../../test/crm.js';
import { createDeckExtracted } from '../../test/factories/deck.factory.js';
import { startAffinityStandIn } from '../../test-support/affinity-stand-in.js';

/**
 * Issue 13: Affinity keys per organization, sealed at rest, set by the owner; org A's key is never used for
 * org B, and an organization without a connection keeps the built-in CRM.
 */
const KEY_A = 'affinity-key-of-fund-a-0001';
const KEY_B = 'affinity-key-of-fund-b-0002';
const LIST_ID = 5151;
const [ORG_A, ORG_B, ORG_NONE, ORG_BASIC_FULL] = [21, 22, 23, 24];

let affinity: Awaited<ReturnType<typeof startAffinityStandIn>>;
let crm: Awaited<ReturnType<typeof startCrm>>;

const connect = (orgId: number, body: object, role: 'owner' | 'member' = 'owner') =>
  crm.svc.app.inject({
    method: 'PUT',
    url: '/api/crm/affinity',
    payload: body,
    headers: crm.headersFor(orgId, role),
  });
const connection = async (orgId: number) =>
  (
    await crm.svc.app.inject({
      method: 'GET',
      url: '/api/crm/affinity',
      headers: crm.headersFor(orgId, 'member'),
    })
  ).json();

/** A deck for the organization; resolves with its deal and the Affinity requests made while it was created. */
async function dealFor(orgId: number, website: string) {
  const before = affinity.requests.length;
  const deck = createDeckExtracted({ orgId, extractedData: { website } });
  await crm.bus.publish(Topics.deckExtracted, deck);
  const [created] = await crm.waitForRecord(Topics.dealCreated, deck.emailId);
  return { deal: created!.data, requests: affinity.requests.slice(before) };
}

beforeAll(async () => {
  affinity = await startAffinityStandIn({ apiKey: [KEY_A, KEY_B], listIds: [LIST_ID] });
  crm = await startCrm({
    CRM_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    AFFINITY_BASE_URL: affinity.url,
  });
});
afterAll(async () => {
  await crm?.stop();
  await affinity?.close();
});

describe('Affinity per organization', () => {
  it('checks the key and the list with Affinity before storing anything; owners only', async () => {
    expect((await connect(ORG_A, { apiKey: KEY_A, listId: LIST_ID }, 'member')).statusCode).toBe(403);
    const wrongKey = await connect(ORG_A, { apiKey: 'not-a-real-key-000', listId: LIST_ID });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().message).toBe('Affinity refused this API key');
    const wrongList = await connect(ORG_A, { apiKey: KEY_A, listId: 999 });
    expect(wrongList.statusCode).toBe(400);
    expect(wrongList.json().message).toMatch(/No Affinity list/);
    expect(
      (await connect(ORG_A, { apiKey: KEY_A, listId: LIST_ID, webUrl: 'http://a.test' })).statusCode,
    ).toBe(400);
    expect(await connection(ORG_A)).toMatchObject({ connected: false, available: true });
  });

  it('stores each key sealed and shows members only its last characters', async () => {
    const a = await connect(ORG_A, { apiKey: KEY_A, listId: LIST_ID, webUrl: 'https://fund-a.affinity.co' });
    expect(a.statusCode, a.body).toBe(200);
    expect((await connect(ORG_B, { apiKey: KEY_B, listId: LIST_ID })).statusCode).toBe(200);
    expect(await connection(ORG_A)).toEqual({
      connected: true,
      available: true,
      listId: LIST_ID,
      webUrl: 'https://fund-a.affinity.co',
      apiKeyHint: '…0001',
    });
    expect(JSON.stringify(await connection(ORG_A))).not.toContain(KEY_A);
    const rows = await crm.query<{ org_id: number; api_key_sealed: string }>(
      'SELECT org_id, api_key_sealed FROM crm_affinity_connections ORDER BY org_id',
    );
    expect(rows.map((r) => r.org_id)).toEqual([ORG_A, ORG_B]);
    for (const row of rows) {
      expect(row.api_key_sealed).toMatch(/^v1\./);
      expect(row.api_key_sealed).not.toContain('affinity-key');
    }
  });

  it("makes each organization's deals with its own key only, and the built-in CRM for one without", async () => {
    const a = await dealFor(ORG_A, 'alpha-robotics.io');
    expect(a.deal).toMatchObject({ provider: 'affinity' });
    expect(a.deal.dealUrl).toMatch(/^https:\/\/fund-a\.affinity\.co\/opportunities\/\d+$/);
    expect(a.requests.length).toBeGreaterThan(0);
    expect(new Set(a.requests.map((r) => affinity.keyOf(r)))).toEqual(new Set([KEY_A]));

    const b = await dealFor(ORG_B, 'beta-payments.io');
    expect(b.deal).toMatchObject({ provider: 'affinity' });
    expect(b.deal.dealUrl).toMatch(/^https:\/\/app\.affinity\.co\/opportunities\/\d+$/);
    expect(new Set(b.requests.map((r) => affinity.keyOf(r)))).toEqual(new Set([KEY_B]));

    const none = await dealFor(ORG_NONE, 'gamma-logistics.io');
    expect(none.deal).toMatchObject({ provider: 'builtin' });
    expect(none.requests).toEqual([]);

    // Org A again after B: the client kept for A still sends A's key.
    const again = await dealFor(ORG_A, 'alpha-two.io');
    expect(new Set(again.requests.map((r) => affinity.keyOf(r)))).toEqual(new Set([KEY_A]));
  });

  it("a sealed key copied to another organization's row does not open there", async () => {
    await crm.query(
      `INSERT INTO crm_affinity_connections (org_id, api_key_sealed, api_key_hint, list_id, web_url, connected_by, created_at, updated_at)
       SELECT ?, api_key_sealed, api_key_hint, list_id, web_url, connected_by, now(), now() FROM crm_affinity_connections WHERE org_id = ?`,
      [ORG_NONE, ORG_A],
    );
    const before = affinity.requests.length;
    const deck = createDeckExtracted({ orgId: ORG_NONE, extractedData: { website: 'copied-key.io' } });
    await crm.bus.publish(Topics.deckExtracted, deck);
    const [rejected] = await crm.waitForRecord(Topics.dealRejected, deck.emailId, 1, 20_000);
    expect(rejected!.data).toMatchObject({ reason: 'provider_error' });
    expect(affinity.requests.slice(before)).toEqual([]);
    await crm.query('DELETE FROM crm_affinity_connections WHERE org_id = ?', [ORG_NONE]);
  });

  it('disconnecting sends the next deals to the built-in CRM', async () => {
    expect(
      (
        await crm.svc.app.inject({
          method: 'DELETE',
          url: '/api/crm/affinity',
          headers: crm.headersFor(ORG_B),
        })
      ).statusCode,
    ).toBe(200);
    expect(await connection(ORG_B)).toMatchObject({ connected: false, apiKeyHint: null });
    const after = await dealFor(ORG_B, 'beta-next.io');
    expect(after.deal).toMatchObject({ provider: 'builtin' });
    expect(after.requests).toEqual([]);
  });

  it("is refused as a third integration without a paid plan (Basic's two), before Affinity is asked", async () => {
    await crm.bus.publish(Topics.ingestIntegrationsChanged, {
      orgId: ORG_BASIC_FULL,
      connected: ['mailbox', 'accounting'],
      changedAt: new Date().toISOString(),
    });
    await waitFor(async () => {
      const row = await crm.svc.ctx.orm.em
        .fork()
        .findOne(IngestIntegrationsSchema, { orgId: ORG_BASIC_FULL });
      return (row?.connected.length ?? 0) === 2;
    });
    const before = affinity.requests.length;
    const refused = await connect(ORG_BASIC_FULL, { apiKey: KEY_A, listId: LIST_ID });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(UPGRADE_MESSAGES.integrationLimit);
    expect(affinity.requests.length).toBe(before);
    expect(await connection(ORG_BASIC_FULL)).toMatchObject({ connected: false });
  });
});
