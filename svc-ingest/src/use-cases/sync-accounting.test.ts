import { Topics } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { buildApp } from '../app.js';
import { createSecretBox } from '@dealflow/service-kit';
import { startIngest, type TIngestTest } from '../test/ingest-service.js';
import { syncDueAccounting } from './sync-accounting.js';
import { startXeroStandIn, type TXeroStandIn } from '../test/xero-stand-in.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/*
 * Integration 2 end to end in svc-ingest: the real xero-node SDK (client credentials) against the Xero
 * stand-in, real PostgreSQL, and deals linked through the real crm.deal.created consumer.
 */
const ORG = 51;
const LATER_ORG = 52;
let h: TIngestTest;
let xero: TXeroStandIn;

const as = (orgId: number, role: 'owner' | 'member' = 'owner') =>
  h.headersFor(orgId, role, role === 'owner' ? orgId * 100 : orgId * 100 + 1);
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, orgId = ORG, role?: 'member') =>
  h.app.inject({ method, url, payload, headers: as(orgId, role) });
const connect = (orgId = ORG, clientSecret = 'custom-secret') =>
  call(
    'PUT',
    '/api/integrations/accounting',
    { connected: true, clientId: 'CUSTOMCLIENTID', clientSecret, environment: 'sandbox' },
    orgId,
  );
const sync = (orgId = ORG) => call('POST', '/api/integrations/accounting/sync', { data: 'customers' }, orgId);

/** A processed record of `company` whose deal CRM created (crm.deal.created through the consumer). */
async function recordWithDeal(
  orgId: number,
  company: string,
  extra: { website?: string; contact?: string } = {},
) {
  const extracted = {
    companyName: company,
    industry: null,
    description: null,
    website: extra.website ?? null,
    location: null,
    foundedYear: null,
    fundingRound: null,
    fundingAmount: null,
    metrics: {},
    contactInfo: {
      name: extra.contact ?? null,
      email: extra.contact ? 'founder@example.com' : null,
      phone: null,
      position: null,
    },
  };
  const [row] = await h.query<{ id: number }>(
    `INSERT INTO emails (org_id, from_email, received_at, source, status, extracted_data, company_name, processed_at)
     VALUES (?, 'founder@example.com', now(), 'webhook', 'completed', ?::jsonb, ?, now()) RETURNING id`,
    [orgId, JSON.stringify(extracted), company],
  );
  await h.bus!.publish(Topics.dealCreated, {
    orgId,
    emailId: row!.id,
    dealId: `deal-${row!.id}`,
    companyId: `c-${row!.id}`,
    dealUrl: `/crm/deals/deal-${row!.id}`,
    provider: 'builtin',
  });
  await waitFor(async () => {
    const [linked] = await h.query<{ deal_id: string | null }>('SELECT deal_id FROM emails WHERE id = ?', [
      row!.id,
    ]);
    return linked?.deal_id ?? null;
  });
}

describe('Integration 2: Xero through xero-node against the stand-in', () => {
  beforeAll(async () => {
    xero = await startXeroStandIn({
      clientId: 'CUSTOMCLIENTID',
      clientSecret: 'custom-secret',
      tenantName: 'Demo Company (Global)',
    });
    h = await startIngest({
      env: { XERO_IDENTITY_URL: xero.url, XERO_API_URL: xero.url, ACCOUNTING_SYNC_TICK_MS: '300000' },
    });
    await h.createOrganization(ORG);
    await h.createOrganization(LATER_ORG);
  });
  afterAll(async () => {
    await h?.stop();
    await xero?.close();
  });

  it('refuses wrong credentials (nothing saved) and connects with good ones, naming the organisation', async () => {
    const refused = await connect(ORG, 'wrong-secret');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Xero refused the Client ID and Client Secret' });
    expect((await call('GET', '/api/integrations/accounting')).json()).toMatchObject({ connected: false });

    const ok = await connect();
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ connected: true, tenantName: 'Demo Company (Global)' });
    const token = xero.requests.find((r) => r.path === '/connect/token' && r.body);
    expect(token?.body).toMatchObject({ grant_type: 'client_credentials' });
    expect(xero.requests.some((r) => r.path === '/connections')).toBe(true);
    const [row] = await h.query<{ client_secret_enc: string }>(
      'SELECT client_secret_enc FROM accounting_settings WHERE org_id = ?',
      [ORG],
    );
    expect(row!.client_secret_enc).not.toContain('custom-secret');
  });

  it("keeps the environment with its credentials: switching needs that connection's secret", async () => {
    const bare = await call('PUT', '/api/integrations/accounting', { environment: 'production' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ message: 'Client ID and Client Secret are required' });
    const switched = await call('PUT', '/api/integrations/accounting', {
      environment: 'production',
      clientSecret: 'custom-secret',
    });
    expect(switched.json()).toMatchObject({ connected: true, environment: 'production' });
    const back = await call('PUT', '/api/integrations/accounting', {
      environment: 'sandbox',
      clientSecret: 'custom-secret',
    });
    expect(back.json()).toMatchObject({ environment: 'sandbox' });
  });

  it('refuses a sync before connecting and lets members read the log but not sync', async () => {
    expect((await sync(LATER_ORG)).json()).toEqual({ message: 'Connect Integration 2 before syncing' });
    const member = await call('POST', '/api/integrations/accounting/sync', {}, ORG, 'member');
    expect(member.statusCode).toBe(403);
    const log = await call('GET', '/api/integrations/accounting/sync-log', undefined, ORG, 'member');
    expect(log.statusCode).toBe(200);
  });

  it('creates a contact per company with a deal, then updates them (no duplicates)', async () => {
    await recordWithDeal(ORG, 'Acme Robotics', { website: 'https://acme.example', contact: 'Ada Lovelace' });
    await recordWithDeal(ORG, 'Blue Ocean', { website: 'https://blue.example' });
    // A record without a deal is not pushed.
    await h.query(
      `INSERT INTO emails (org_id, from_email, received_at, source, status, company_name) VALUES (?, 'x@y.z', now(), 'webhook', 'completed', 'No Deal Co')`,
      [ORG],
    );

    const first = await sync();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      trigger: 'manual',
      status: 'succeeded',
      created: 2,
      updated: 0,
      failed: 0,
    });
    const contacts = [...xero.contacts.values()];
    expect(contacts.map((c) => c.Name).sort()).toEqual(['Acme Robotics', 'Blue Ocean']);
    expect(contacts.find((c) => c.Name === 'Acme Robotics')).toMatchObject({
      Website: 'https://acme.example',
      EmailAddress: 'founder@example.com',
      FirstName: 'Ada',
      LastName: 'Lovelace',
    });

    await h.query(
      `UPDATE emails SET extracted_data = jsonb_set(extracted_data, '{website}', '"https://acme.io"') WHERE company_name = 'Acme Robotics'`,
    );
    const second = await sync();
    expect(second.json()).toMatchObject({ status: 'succeeded', created: 0, updated: 2, failed: 0 });
    expect(xero.contacts.size).toBe(2);
    expect([...xero.contacts.values()].find((c) => c.Name === 'Acme Robotics')?.Website).toBe(
      'https://acme.io',
    );
  });

  it('matches a contact that already exists in Xero by name instead of adding a second one', async () => {
    await connect(LATER_ORG);
    await recordWithDeal(LATER_ORG, 'Blue Ocean');
    const res = await sync(LATER_ORG);
    expect(res.json()).toMatchObject({ status: 'succeeded', created: 0, updated: 1 });
    expect([...xero.contacts.values()].filter((c) => c.Name === 'Blue Ocean')).toHaveLength(1);
  });

  it('logs a partial failure with the refused company and Xero’s reason', async () => {
    await recordWithDeal(ORG, 'Refused Ltd');
    xero.refuse('Refused Ltd');
    const res = await sync();
    expect(res.json()).toMatchObject({ status: 'partial', updated: 2, created: 0, failed: 1 });
    expect(res.json().error).toBe('Refused Ltd: The contact "Refused Ltd" could not be saved.');
    xero.accept('Refused Ltd');
  });

  it("keeps each sync's export (what was sent, Xero's ContactIDs and outcome) in the chosen format", async () => {
    const exportOf = (id: number, orgId = ORG, role?: 'member') =>
      call('GET', `/api/integrations/accounting/sync-log/${id}/export`, undefined, orgId, role);
    const xeroIdOf = (name: string) => [...xero.contacts.values()].find((c) => c.Name === name)?.ContactID;

    // The partial run just logged, in the default format (JSON), readable by a member.
    const [partial] = (await call('GET', '/api/integrations/accounting/sync-log')).json().runs;
    expect(partial).toMatchObject({ status: 'partial', exportFormat: 'json' });
    const json = await exportOf(partial.id, ORG, 'member');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-disposition']).toBe(
      `attachment; filename="xero-sync-${partial.id}-${partial.startedAt.slice(0, 10)}.json"`,
    );
    const sent = json.json();
    expect(sent).toMatchObject({
      runId: partial.id,
      trigger: 'manual',
      xeroOrganisation: 'Demo Company (Global)',
    });
    expect(sent.contacts).toEqual(
      expect.arrayContaining([
        {
          ContactID: xeroIdOf('Acme Robotics'),
          Name: 'Acme Robotics',
          Website: 'https://acme.io',
          EmailAddress: 'founder@example.com',
          FirstName: 'Ada',
          LastName: 'Lovelace',
          Outcome: 'updated',
          Error: null,
        },
        expect.objectContaining({
          Name: 'Refused Ltd',
          ContactID: null,
          Outcome: 'failed',
          Error: 'The contact "Refused Ltd" could not be saved.',
        }),
      ]),
    );
    expect(sent.contacts).toHaveLength(3);

    // CSV, with Encryption on: stored sealed, and a formula-looking name made inert.
    await recordWithDeal(ORG, '=HYPERLINK("http://evil.example","x")');
    await call('PUT', '/api/integrations/accounting', { dataFormat: 'csv', encryption: true });
    const csvRun = (await sync()).json();
    expect(csvRun).toMatchObject({ status: 'succeeded', exportFormat: 'csv' });
    const [stored] = await h.query<{ export_payload: string; export_sealed: boolean }>(
      'SELECT export_payload, export_sealed FROM accounting_sync_runs WHERE id = ?',
      [csvRun.id],
    );
    expect(stored!.export_sealed).toBe(true);
    expect(stored!.export_payload).not.toContain('Acme');
    const csv = await exportOf(csvRun.id);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="xero-sync-\d+-[\d-]+\.csv"$/);
    const lines = csv.body.split('\r\n');
    // Every cell quoted (the kit's one CSV helper, issue 20).
    expect(lines[0]).toBe(
      '"ContactID","Name","Website","EmailAddress","FirstName","LastName","Outcome","Error"',
    );
    expect(lines).toContain(
      `"${xeroIdOf('=HYPERLINK("http://evil.example","x")')}","'=HYPERLINK(""http://evil.example"",""x"")","","","","","created",""`,
    );
    expect(lines).toContain(
      `"${xeroIdOf('Acme Robotics')}","Acme Robotics","https://acme.io","founder@example.com","Ada","Lovelace","updated",""`,
    );

    // XML, Encryption off: stored plain; well-formed, with markup in a name escaped.
    await recordWithDeal(ORG, 'R&D <Labs> "Q"');
    await call('PUT', '/api/integrations/accounting', { dataFormat: 'xml', encryption: false });
    const xmlRun = (await sync()).json();
    const [plain] = await h.query<{ export_payload: string; export_sealed: boolean }>(
      'SELECT export_payload, export_sealed FROM accounting_sync_runs WHERE id = ?',
      [xmlRun.id],
    );
    expect(plain!.export_sealed).toBe(false);
    expect(plain!.export_payload).toContain('Acme Robotics');
    const xml = await exportOf(xmlRun.id);
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml.headers['content-disposition']).toMatch(/\.xml"$/);
    expect(XMLValidator.validate(xml.body)).toBe(true);
    expect(xml.body).toContain('<Name>R&amp;D &lt;Labs&gt; &quot;Q&quot;</Name>');
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml.body);
    const contacts = parsed.SyncExport.Contacts.Contact as {
      Name: string;
      ContactID: string;
      Outcome: string;
    }[];
    expect(contacts.find((c) => c.Name === 'R&D <Labs> "Q"')).toMatchObject({
      ContactID: xeroIdOf('R&D <Labs> "Q"'),
      Outcome: 'created',
    });
    expect(parsed.SyncExport['@_RunID']).toBe(String(xmlRun.id));

    // Another organization's run, an unknown one, and a run that sent nothing: 404.
    expect((await exportOf(xmlRun.id, LATER_ORG)).statusCode).toBe(404);
    expect((await exportOf(999_999)).statusCode).toBe(404);
    await h.query(`UPDATE accounting_settings SET data_format = 'json', encryption = true WHERE org_id = ?`, [
      ORG,
    ]);
  });

  it('runs one sync per organization: of four Start Syncs fired together one runs, the others get 409', async () => {
    const contactPosts = () =>
      xero.requests.filter((r) => r.method === 'POST' && r.path === '/api.xro/2.0/Contacts').length;
    const runCount = async () =>
      Number(
        (
          await h.query<{ n: string }>('SELECT count(*) AS n FROM accounting_sync_runs WHERE org_id = ?', [
            ORG,
          ])
        )[0]!.n,
      );
    const postsBefore = contactPosts();
    const runsBefore = await runCount();
    // Xero holds the push: the first run stays running while the others arrive.
    const release = xero.holdContacts();
    let answered = 0;
    const pending = [sync(), sync(), sync(), sync()].map((p) => p.finally(() => (answered += 1)));
    try {
      // Every request is either at Xero (held) or answered; only then does Xero answer.
      await waitFor(() => contactPosts() - postsBefore + answered === 4);
    } finally {
      release();
    }
    const answers = await Promise.all(pending);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toEqual({ message: 'A sync is already running' });
    expect(contactPosts() - postsBefore).toBe(1);
    expect((await runCount()) - runsBefore).toBe(1);
  });

  it('never overlaps the schedule and a manual sync, either way round', async () => {
    const contactPosts = () =>
      xero.requests.filter((r) => r.method === 'POST' && r.path === '/api.xro/2.0/Contacts').length;
    const deps = {
      config: h.config,
      secretBox: createSecretBox(h.config.mailbox.encryptionKey!),
      logger: pino({ level: 'silent' }),
    };
    const makeDue = () =>
      h.query(
        `UPDATE accounting_settings SET sync_frequency = 'hourly', auto_sync = true, last_sync_at = now() - interval '61 minutes' WHERE org_id = ?`,
        [ORG],
      );
    const runs = () =>
      h.query<{ trigger: string; status: string }>(
        'SELECT trigger, status FROM accounting_sync_runs WHERE org_id = ? ORDER BY id',
        [ORG],
      );

    // A manual sync is at Xero when the schedule comes due: the schedule does not start a second one.
    let before = contactPosts();
    let runsBefore = (await runs()).length;
    let release = xero.holdContacts();
    const manual = sync();
    try {
      await waitFor(() => contactPosts() - before === 1);
      await makeDue();
      // The schedule either returns having started nothing, or its own push reaches Xero (and is held).
      let returned = false;
      const due = syncDueAccounting(h.svc.ctx.orm.em.fork(), deps).finally(() => (returned = true));
      await waitFor(() => returned || contactPosts() - before > 1);
      expect(contactPosts() - before).toBe(1);
      await due;
    } finally {
      release();
    }
    expect((await manual).statusCode).toBe(200);
    expect((await runs()).slice(runsBefore)).toEqual([{ trigger: 'manual', status: 'succeeded' }]);

    // A scheduled sync is at Xero: Start Sync is refused with 409.
    before = contactPosts();
    runsBefore = (await runs()).length;
    await makeDue();
    release = xero.holdContacts();
    const scheduled = syncDueAccounting(h.svc.ctx.orm.em.fork(), deps);
    try {
      await waitFor(() => contactPosts() - before === 1);
      const refused = await sync();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'A sync is already running' });
    } finally {
      release();
    }
    expect(await scheduled).toBe(1);
    expect(contactPosts() - before).toBe(1);
    expect((await runs()).slice(runsBefore)).toEqual([{ trigger: 'scheduled', status: 'succeeded' }]);
    await h.query(`UPDATE accounting_settings SET auto_sync = false WHERE org_id = ?`, [ORG]);
  });

  it('waits out one 429 (Retry-After) and logs the rate limit when Xero keeps refusing', async () => {
    xero.rateLimitNext(1, 1);
    const started = Date.now();
    const retried = await sync();
    expect(retried.json()).toMatchObject({ status: 'succeeded', failed: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    xero.rateLimitNext(5, 1);
    const limited = await sync();
    expect(limited.json()).toMatchObject({ status: 'failed', created: 0, updated: 0 });
    expect(limited.json().error).toBe(
      "Xero's rate limit was reached; the sync stopped and will try again later",
    );
    xero.rateLimitNext(0);
  });

  it('runs the schedule once per period across two replicas (lease) and logs it as scheduled', async () => {
    const replica = await buildApp(h.config);
    try {
      const deps = {
        config: h.config,
        secretBox: createSecretBox(h.config.mailbox.encryptionKey!),
        logger: pino({ level: 'silent' }),
      };
      await h.query(
        `UPDATE accounting_settings SET sync_frequency = 'hourly', auto_sync = true, last_sync_at = now() - interval '61 minutes' WHERE org_id = ?`,
        [ORG],
      );
      // LATER_ORG synced a minute ago: not due.
      await h.query(
        `UPDATE accounting_settings SET sync_frequency = 'hourly', last_sync_at = now() WHERE org_id = ?`,
        [LATER_ORG],
      );
      type TLog = { runs: { id: number; trigger: string; status: string }[] };
      const before = (await call('GET', '/api/integrations/accounting/sync-log')).json() as TLog;
      const lastBefore = Math.max(0, ...before.runs.map((r) => r.id));
      const counts = await Promise.all(
        [h.svc.ctx.orm, replica.ctx.orm, h.svc.ctx.orm, replica.ctx.orm].map((orm) =>
          syncDueAccounting(orm.em.fork(), deps),
        ),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await syncDueAccounting(h.svc.ctx.orm.em.fork(), deps)).toBe(0);
      const log = (await call('GET', '/api/integrations/accounting/sync-log')).json() as TLog;
      expect(log.runs.filter((r) => r.trigger === 'scheduled' && r.id > lastBefore)).toEqual([
        expect.objectContaining({ trigger: 'scheduled', status: 'succeeded' }),
      ]);
      expect(
        (await call('GET', '/api/integrations/accounting/sync-log', undefined, LATER_ORG))
          .json()
          .runs.filter((r: { trigger: string }) => r.trigger === 'scheduled'),
      ).toEqual([]);
    } finally {
      await replica.stop();
    }
  });

  it('logs a credentials refusal after the secret was regenerated in Xero, without its internals', async () => {
    xero.rotateSecret('regenerated');
    const res = await sync();
    expect(res.json()).toMatchObject({ status: 'failed', created: 0, updated: 0 });
    expect(res.json().error).toBe('Xero refused the Client ID and Client Secret');
    // Nothing reached Xero: the run has no export.
    expect(res.json().exportFormat).toBeNull();
    const noExport = await call('GET', `/api/integrations/accounting/sync-log/${res.json().id}/export`);
    expect(noExport.statusCode).toBe(404);
    expect(noExport.json().message).toMatch(/^This sync has no export/);
    const log = (await call('GET', '/api/integrations/accounting/sync-log', undefined, ORG, 'member')).json();
    expect(log.runs[0]).toMatchObject({ status: 'failed', trigger: 'manual' });
    expect(JSON.stringify(log)).not.toMatch(/regenerated|custom-secret|Bearer|invalid_client/);
  });
});
