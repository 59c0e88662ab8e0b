import { Topics } from '@dealflow/contracts';
import { UPGRADE_MESSAGES } from '@dealflow/contracts/plans';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';
import { startXeroStandIn, type TXeroStandIn } from '../test/xero-stand-in.js';

let h: TIngestTest;
/** Connecting Integration 2 asks Xero for a token with the credentials: the stand-in accepts these. */
let xero: TXeroStandIn;
const BASIC = 51;
const BASIC_WITH_MAILBOX = 52;
const PRO = 53;

const connectAccounting = (orgId: number, connected = true) =>
  h.app.inject({
    method: 'PUT',
    url: '/api/integrations/accounting',
    headers: h.headersFor(orgId),
    payload: connected ? { connected, clientId: 'client-id', clientSecret: 'client-secret' } : { connected },
  });
// Port 1 on loopback: nothing answers, so a connect that passes the limit check fails at the server (400).
const connectMailbox = (orgId: number) =>
  h.app.inject({
    method: 'POST',
    url: '/api/integrations/mailbox',
    headers: h.headersFor(orgId),
    payload: { host: '127.0.0.1', port: 1, secure: false, username: 'deals', password: 'app-password' },
  });
/** svc-crm announces its connected integrations; resolves once this service has recorded them. */
async function crmConnected(orgId: number, connected: 'crm'[]) {
  await h.bus!.publish(Topics.crmIntegrationsChanged, {
    orgId,
    connected,
    changedAt: new Date().toISOString(),
  });
  await waitFor(
    async () => {
      const [row] = await h.query<{ crm_integrations: string[] }>(
        'SELECT crm_integrations FROM organizations WHERE id = ?',
        [orgId],
      );
      return JSON.stringify(row?.crm_integrations) === JSON.stringify(connected);
    },
    { timeoutMs: 30_000 },
  );
}
/** A connected IMAP mailbox as Connect leaves it (a real IMAP server is exercised in integrations.test.ts). */
const storeConnectedMailbox = (orgId: number) =>
  h.query(
    `INSERT INTO mailboxes (org_id, host, port, secure, username, password_enc, connected_at)
     VALUES (?, 'imap.fund.test', 993, true, 'deals', 'sealed', now())`,
    [orgId],
  );

describe("Basic's two integrations (mailbox, accounting, the CRM), counted across svc-ingest and svc-crm", () => {
  beforeAll(async () => {
    xero = await startXeroStandIn({ clientId: 'client-id', clientSecret: 'client-secret' });
    h = await startIngest({ env: { XERO_IDENTITY_URL: xero.url, XERO_API_URL: xero.url } });
    await h.bus!.listen([Topics.ingestIntegrationsChanged]);
    await h.createOrganization(BASIC, { plan: 'basic' });
    await h.createOrganization(BASIC_WITH_MAILBOX, { plan: 'basic' });
    await h.createOrganization(PRO, { plan: 'pro' });
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
    await xero?.close();
  });

  it('refuses a third integration on Basic with the upgrade message, before trying the server', async () => {
    expect((await connectAccounting(BASIC)).statusCode).toBe(200);
    await crmConnected(BASIC, ['crm']);
    const refused = await connectMailbox(BASIC);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: UPGRADE_MESSAGES.integrationLimit });
    expect(await h.query('SELECT host FROM mailboxes WHERE org_id = ?', [BASIC])).toEqual([]);
  });

  it('does not count a connected integration twice when its settings are saved again', async () => {
    const again = await connectAccounting(BASIC);
    expect(again.statusCode).toBe(200);
    expect(again.json().connected).toBe(true);
  });

  it('lets the third be connected once svc-crm says its connection is gone', async () => {
    await crmConnected(BASIC, []);
    const res = await connectMailbox(BASIC);
    // Past the limit check: the (absent) IMAP server is what refuses now.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toBe(UPGRADE_MESSAGES.integrationLimit);
  });

  it('counts the mailbox: with it and the CRM connected, the accounting connection is refused', async () => {
    await storeConnectedMailbox(BASIC_WITH_MAILBOX);
    await crmConnected(BASIC_WITH_MAILBOX, ['crm']);
    const refused = await connectAccounting(BASIC_WITH_MAILBOX);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(UPGRADE_MESSAGES.integrationLimit);
    const [settings] = await h.query<{ connected: boolean }>(
      'SELECT connected FROM accounting_settings WHERE org_id = ?',
      [BASIC_WITH_MAILBOX],
    );
    expect(settings?.connected ?? false).toBe(false);
  });

  it('does not limit Pro', async () => {
    await storeConnectedMailbox(PRO);
    await crmConnected(PRO, ['crm']);
    expect((await connectAccounting(PRO)).statusCode).toBe(200);
  });

  it("tells svc-crm this service's connected integrations on each connect and disconnect", async () => {
    expect((await connectAccounting(BASIC, false)).statusCode).toBe(200);
    const events = await h.bus!.waitForEvents(Topics.ingestIntegrationsChanged, BASIC, 2);
    expect(events.map((e) => e.data.connected)).toEqual([['accounting'], []]);
    const pro = await h.bus!.waitForEvents(Topics.ingestIntegrationsChanged, PRO, 1);
    expect(pro.at(-1)!.data.connected).toEqual(['mailbox', 'accounting']);
  });
});
