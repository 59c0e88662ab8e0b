import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics } from '@dealflow/contracts';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';
import { getOrCreateMailbox } from '../repositories/mailbox.repository.js';

const ORG = 61;
const OWNER = ORG * 100;
let h: TIngestTest;

beforeAll(async () => {
  h = await startIngest({ collect: [Topics.integrationChanged] });
  await h.createOrganization(ORG);
}, 90_000);
afterAll(async () => {
  await h?.stop();
});

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url, payload, headers: h.headersFor(ORG, 'owner', OWNER) });

/**
 * identity records these in the organization's activity log (issue 15): they reach the broker through the
 * outbox with the acting member and no credential.
 */
describe('ingest.integration.changed', () => {
  it('is published when the owner rotates the webhook secret and sets or removes the Mailgun key', async () => {
    expect((await call('POST', '/api/integrations/mailbox/webhook-secret')).statusCode).toBe(200);
    const key = 'key-0123456789abcdef0123456789abcdef';
    expect((await call('PUT', '/api/integrations/mailbox/mailgun-key', { signingKey: key })).statusCode).toBe(
      200,
    );
    expect(
      (await call('PUT', '/api/integrations/mailbox/mailgun-key', { signingKey: null })).statusCode,
    ).toBe(200);
    const events = await h.bus!.waitForEvents(Topics.integrationChanged, ORG, 3, 30_000);
    expect(events.map((e) => [e.data.change, e.data.userId, e.actorId])).toEqual([
      ['webhook_secret_rotated', OWNER, String(OWNER)],
      ['mailgun_key_changed', OWNER, String(OWNER)],
      ['mailgun_key_changed', OWNER, String(OWNER)],
    ]);
    expect(events.map((e) => e.data.details)).toEqual([{}, { isSet: true }, { isSet: false }]);
    expect(JSON.stringify(events)).not.toContain(key);
  }, 60_000);

  it('is published when a connected mailbox is disconnected, and not again when there is nothing to disconnect', async () => {
    // Connecting needs a real IMAP server (integrations.test.ts, with dovecot); the stored state is the same.
    const em = h.svc.ctx.orm.em.fork();
    const mailbox = await getOrCreateMailbox(em, ORG);
    Object.assign(mailbox, {
      host: 'imap.fund.test',
      port: 993,
      username: 'deals@fund.test',
      connectedAt: new Date(),
    });
    await em.flush();
    expect((await call('DELETE', '/api/integrations/mailbox')).statusCode).toBe(200);
    expect((await call('DELETE', '/api/integrations/mailbox')).statusCode).toBe(200);
    // A marker after them (same key, in order): once it arrives, a second disconnect event would have too.
    expect((await call('POST', '/api/integrations/mailbox/webhook-secret')).statusCode).toBe(200);
    const events = await h.bus!.waitForEvents(Topics.integrationChanged, ORG, 5, 30_000);
    expect(events.at(-1)?.data.change).toBe('webhook_secret_rotated');
    const disconnects = events.filter((e) => e.data.change === 'mailbox_disconnected');
    expect(disconnects).toHaveLength(1);
    expect(disconnects[0]?.data).toMatchObject({
      userId: OWNER,
      details: { host: 'imap.fund.test', username: 'deals@fund.test' },
    });
  }, 60_000);

  it('is not published when a member is refused', async () => {
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/integrations/mailbox/webhook-secret',
      headers: h.headersFor(ORG, 'member', OWNER + 1),
    });
    expect(refused.statusCode).toBe(403);
    const [row] = await h.query<{ count: string }>(
      "select count(*) from kit_outbox where topic = 'ingest.integration.changed' and payload->>'actorId' = ?",
      [String(OWNER + 1)],
    );
    expect(Number(row?.count)).toBe(0);
  });
});
