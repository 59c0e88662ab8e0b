import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@dealflow/contracts';
import { startBilling, type BillingHarness } from '../../test/start-billing.js';
import { createLicenceSigner } from '../templates/licence-key.js';
import { createLocalTemplateStore } from '../templates/template-store.js';

const DAY = 24 * 3600 * 1000;
let h: BillingHarness;
let storeDir: string;
const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const archives: Record<string, Buffer> = {};

/** Versions around a purchase made now: older than current, current, within 6 months, after 6 months. */
const RELEASES = [
  { version: '0.9.0', releasedAt: new Date(Date.now() - 400 * DAY) },
  { version: '1.0.0', releasedAt: new Date(Date.now() - 10 * DAY) },
  { version: '1.1.0', releasedAt: new Date(Date.now() + 60 * DAY) },
  { version: '2.0.0', releasedAt: new Date(Date.now() + 200 * DAY) },
];

beforeAll(async () => {
  storeDir = await mkdtemp(join(tmpdir(), 'billing-templates-'));
  const store = createLocalTemplateStore(join(storeDir, 'store'));
  for (const { version, releasedAt } of RELEASES) {
    // Not gzip, but bytes whose hash the test checks end to end (the route streams what the store holds).
    const bytes = Buffer.from(`template ${version} `.repeat(20_000));
    archives[version] = bytes;
    const file = join(storeDir, `${version}.bin`);
    await writeFile(file, bytes);
    await store.put(file, {
      version,
      releasedAt: releasedAt.toISOString(),
      sha256: sha(bytes),
      size: bytes.length,
    });
  }
  h = await startBilling({ TEMPLATE_STORE_DIR: join(storeDir, 'store') });
});
afterAll(async () => {
  await h?.stop();
  await rm(storeDir, { recursive: true, force: true });
});

/** A signed-in user buys the licence through Stripe (checkout, then the webhook). */
async function buy(orgId: number, userId: number) {
  const sessionId = await h.startPurchase(h.headersFor(orgId, 'owner', userId));
  const session = h.stripe.completeCheckout(sessionId);
  expect((await h.postWebhook(h.stripe.event('checkout.session.completed', session))).statusCode).toBe(200);
  const [event] = await h.bus.waitForEvents(Topics.purchaseCompleted, orgId);
  return { sessionId, event: event! };
}

const get = (url: string, orgId: number, userId: number) =>
  h.svc.app.inject({ method: 'GET', url, headers: h.headersFor(orgId, 'owner', userId) });

describe('template licence (issue 20, item 8)', () => {
  it('issues a signed licence with the purchase: in the event for the receipt email and on the licence route', async () => {
    const { sessionId, event } = await buy(71, 71);
    const answer = await get('/api/billing/licence', 71, 71);
    expect(answer.statusCode).toBe(200);
    const { licence, versions } = answer.json();
    expect(licence.purchaseId).toBe(sessionId);
    expect(licence.licenceKey).toMatch(/^DFL1\.[\w-]+\.[\w-]+$/);
    expect(event.data.licence).toEqual({
      licenceKey: licence.licenceKey,
      updatesUntil: licence.updatesUntil,
    });
    const months = new Date(licence.issuedAt);
    months.setUTCMonth(months.getUTCMonth() + 6);
    expect(licence.updatesUntil).toBe(months.toISOString());
    // The key's payload says what it covers, and its signature is billing's (a changed payload fails).
    const [, body] = licence.licenceKey.split('.');
    expect(JSON.parse(Buffer.from(body, 'base64url').toString())).toEqual({
      purchaseId: sessionId,
      buyer: expect.objectContaining({ userId: 71 }),
      product: 'dealflow-template-standard',
      issuedAt: licence.issuedAt,
      updatesUntil: licence.updatesUntil,
    });
    expect(createLicenceSigner().verify(licence.licenceKey)).toBeNull();
    // The version current at purchase and the one released within six months; not older, not later.
    expect(versions.map((v: { version: string }) => v.version)).toEqual(['1.1.0', '1.0.0']);
    expect(versions[1]).toMatchObject({ currentAtPurchase: true, sha256: sha(archives['1.0.0']!) });
  });

  it("streams a covered version with its length and sha256; the streamed bytes' sha256 is the store's", async () => {
    await buy(72, 72);
    for (const version of ['1.0.0', '1.1.0']) {
      const download = await get(`/api/billing/licence/versions/${version}/archive`, 72, 72);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/gzip');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="dealflow-template-${version}.tar.gz"`,
      );
      expect(download.headers['content-length']).toBe(String(archives[version]!.length));
      expect(download.headers['x-content-sha256']).toBe(sha(archives[version]!));
      expect(sha(download.rawPayload)).toBe(sha(archives[version]!));
    }
  });

  it('refuses versions older than the one current at purchase and those released after six months', async () => {
    await buy(73, 73);
    for (const version of ['0.9.0', '2.0.0', '9.9.9']) {
      const refused = await get(`/api/billing/licence/versions/${version}/archive`, 73, 73);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(
        'This template version does not exist or is not covered by your licence.',
      );
    }
    const bad = await get('/api/billing/licence/versions/..%2F..%2Fetc/archive', 73, 73);
    expect(bad.statusCode).toBe(400);
  });

  it('answers 403 to a signed-in user who has not bought the licence, 401 to nobody', async () => {
    for (const url of ['/api/billing/licence', '/api/billing/licence/versions/1.0.0/archive']) {
      const refused = await get(url, 74, 74);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Buy the template licence to download the template.');
      expect((await h.svc.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
