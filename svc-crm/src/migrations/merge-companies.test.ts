import { openDatabase } from '@dealflow/service-kit';
import { createTestDatabase } from '@dealflow/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { crmEntities } from '../entities/index.js';
import { crmMigrations } from './index.js';

// A database as it is before Migration20261128052500 (companies keyed by host name), seeded with the splits the
// old rule made, then migrated: per organization, the companies of one registrable domain become the oldest.
describe('Migration20261128052500: companies split by host name are merged by registrable domain', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('merges into the oldest company per organization, moves the deals, keeps the rest', async () => {
    const database = await createTestDatabase('crm_merge');
    cleanups.push(() => database.drop());
    const before = crmMigrations.filter((m) => m.name !== 'Migration20261128052500');
    expect(before).toHaveLength(crmMigrations.length - 1);
    const old = await openDatabase({
      url: database.url,
      entities: crmEntities,
      migrations: before,
      poolMax: 2,
    });
    const sql = (query: string, params: unknown[] = []) => old.em.getConnection().execute(query, params);
    const company = async (orgId: number, domain: string, at: string, externalId: string | null = null) => {
      const [row] = await sql(
        `insert into crm_company (org_id, domain, name, provider, external_id, created_at)
         values (?, ?, ?, ?, ?, ?) returning id`,
        [orgId, domain, domain, externalId ? 'affinity' : 'builtin', externalId, at],
      );
      return Number((row as { id: number }).id);
    };
    let email = 1;
    const deal = async (orgId: number, companyId: number) => {
      const [row] = await sql(
        `insert into crm_deal (org_id, company_id, email_id, provider, stage, url, notes)
         values (?, ?, ?, 'builtin', 'New', '', ?) returning id`,
        [orgId, companyId, email, `deal ${email++}`],
      );
      return Number((row as { id: number }).id);
    };
    // Organization 1: acme.io (oldest), app.acme.io and mail.acme.io split from it; foo.co.uk stays alone.
    const acme = await company(1, 'acme.io', '2026-01-01T00:00:00Z');
    const app = await company(1, 'app.acme.io', '2026-02-01T00:00:00Z', '77');
    const mail = await company(1, 'mail.acme.io', '2026-03-01T00:00:00Z');
    const foo = await company(1, 'foo.co.uk', '2026-01-05T00:00:00Z');
    // Organization 2: only a subdomain (the oldest is the subdomain: it is kept and renamed), and acme.io too.
    const app2 = await company(2, 'app.acme.io', '2026-01-01T00:00:00Z');
    const acme2 = await company(2, 'acme.io', '2026-04-01T00:00:00Z');
    // Organization 3: one company on a subdomain alone, and a private-suffix host that is a company of its own.
    const lone = await company(3, 'beta.orbit.dev', '2026-01-01T00:00:00Z');
    const pages = await company(3, 'orbit.github.io', '2026-01-02T00:00:00Z');
    const deals = {
      acme: await deal(1, acme),
      app: await deal(1, app),
      mail: await deal(1, mail),
      foo: await deal(1, foo),
      app2: await deal(2, app2),
      acme2: await deal(2, acme2),
      lone: await deal(3, lone),
    };
    await old.close(true);

    const orm = await openDatabase({
      url: database.url,
      entities: crmEntities,
      migrations: crmMigrations,
      poolMax: 2,
    });
    cleanups.push(() => orm.close(true));
    const read = (query: string) => orm.em.getConnection().execute(query);
    const companies = await read(
      'select id, org_id, domain, provider, external_id from crm_company order by org_id, id',
    );
    expect(companies).toEqual([
      { id: acme, org_id: 1, domain: 'acme.io', provider: 'affinity', external_id: '77' },
      { id: foo, org_id: 1, domain: 'foo.co.uk', provider: 'builtin', external_id: null },
      { id: app2, org_id: 2, domain: 'acme.io', provider: 'builtin', external_id: null },
      { id: lone, org_id: 3, domain: 'orbit.dev', provider: 'builtin', external_id: null },
      { id: pages, org_id: 3, domain: 'orbit.github.io', provider: 'builtin', external_id: null },
    ]);
    const dealRows = await read('select id, company_id, notes from crm_deal order by id');
    const companyOf = (id: number) =>
      (dealRows as { id: number; company_id: number }[]).find((d) => d.id === id)!;
    expect(dealRows).toHaveLength(7);
    expect(companyOf(deals.acme).company_id).toBe(acme);
    expect(companyOf(deals.app).company_id).toBe(acme);
    expect(companyOf(deals.mail).company_id).toBe(acme);
    expect(companyOf(deals.foo).company_id).toBe(foo);
    expect(companyOf(deals.app2).company_id).toBe(app2);
    expect(companyOf(deals.acme2).company_id).toBe(app2);
    expect(companyOf(deals.lone).company_id).toBe(lone);
    expect((dealRows as { notes: string }[]).map((d) => d.notes)).toEqual([
      'deal 1',
      'deal 2',
      'deal 3',
      'deal 4',
      'deal 5',
      'deal 6',
      'deal 7',
    ]);
  });
});
