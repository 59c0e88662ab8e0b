import { openDatabase } from '@dealflow/service-kit';
import { CompanySchema, DealSchema, crmEntities } from './entities/index.js';
import { crmMigrations } from './migrations/index.js';

/** Structural twin of dev-stack's BenchSection (`npm run bench` imports `sections` from dist/bench.js). */
interface BenchFigure {
  label: string;
  value: string;
  target?: string;
  ok?: boolean | null;
}
interface BenchSection {
  name: string;
  run(context: {
    stack: { url: string; services: Partial<Record<string, { databaseUrl: string }>> };
    log(line: string): void;
    remainingMs(): number;
  }): Promise<BenchFigure[]>;
}

const BOARD_DEALS = 500;
const MOVES = 300;
const WARM_UP = 50;

async function registerOwner(baseUrl: string) {
  const email = `crm-bench-${Date.now()}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'bench-password-1',
      name: 'Bench Owner',
      organizationName: 'Bench Deals',
    }),
  });
  const token = /df_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!response.ok || !token) throw new Error(`register answered ${response.status}`);
  const cookie = `df_session=${token}`;
  const me = (await (await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } })).json()) as {
    organization: { id: number } | null;
  };
  if (!me.organization) throw new Error('the bench owner has no organization');
  return { cookie, orgId: me.organization.id };
}

/** A board of 500 built-in deals, written straight into crm's database (no decks needed). */
async function seedBoard(databaseUrl: string, orgId: number) {
  const orm = await openDatabase({
    url: databaseUrl,
    entities: crmEntities,
    migrations: crmMigrations,
    poolMax: 2,
  });
  try {
    const em = orm.em.fork();
    const now = new Date();
    const companies = Array.from({ length: BOARD_DEALS }, (_, i) =>
      em.create(CompanySchema, {
        orgId,
        domain: `bench-${i}.example`,
        name: `Bench Company ${i}`,
        provider: 'builtin',
        externalId: null,
        createdAt: now,
      }),
    );
    await em.flush();
    companies.forEach((company, i) =>
      em.create(DealSchema, {
        orgId,
        companyId: company.id,
        emailId: 1_000_000 + i,
        provider: 'builtin',
        externalId: null,
        stage: 'New',
        url: '',
        notes: null,
        correctedAt: null,
        providerSyncPending: false,
        ownerId: null,
        nextStep: null,
        nextStepDate: null,
        passReason: null,
        amount: '$1M',
        round: 'Seed',
        createdAt: now,
        updatedAt: now,
      }),
    );
    await em.flush();
  } finally {
    await orm.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Issue 23's target: with 500 deals on the board, a stage change (a drag) answers in < 100 ms p99. */
export const sections: BenchSection[] = [
  {
    name: 'crm: stage change on a 500-deal board (PATCH /api/deals/:id through the gateway)',
    async run(context) {
      const crm = context.stack.services.crm;
      if (!crm) return [{ label: 'skipped', value: 'svc-crm is not running' }];
      const { cookie, orgId } = await registerOwner(context.stack.url);
      await seedBoard(crm.databaseUrl, orgId);
      const headers = { cookie, 'content-type': 'application/json' };
      const listStarted = performance.now();
      const list = await fetch(`${context.stack.url}/api/deals?limit=${BOARD_DEALS}`, {
        headers: { cookie },
      });
      const page = (await list.json()) as { deals: { id: string }[] };
      const listMs = performance.now() - listStarted;
      if (page.deals.length !== BOARD_DEALS)
        return [
          { label: 'skipped', value: `the board listed ${page.deals.length} deals, not ${BOARD_DEALS}` },
        ];

      const stages = ['Screening', 'First meeting', 'Diligence', 'New'];
      // Warm up first (JIT, connection pools, prepared statements) on deals the measured moves do not touch.
      for (let i = 0; i < WARM_UP; i += 1) {
        const deal = page.deals[BOARD_DEALS - 1 - i]!;
        const response = await fetch(`${context.stack.url}/api/deals/${deal.id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ stage: 'Diligence' }),
        });
        await response.arrayBuffer();
      }
      const times: number[] = [];
      for (let i = 0; i < MOVES && context.remainingMs() > 5_000; i += 1) {
        const deal = page.deals[i]!;
        const started = performance.now();
        const response = await fetch(`${context.stack.url}/api/deals/${deal.id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ stage: stages[i % 2] }),
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`PATCH answered ${response.status}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 0.99);
      return [
        { label: 'board list (500 deals)', value: `${listMs.toFixed(0)} ms` },
        {
          label: 'stage change p50',
          value: `${percentile(times, 0.5).toFixed(1)} ms (${times.length} moves)`,
        },
        { label: 'stage change p99', value: `${p99.toFixed(1)} ms`, target: '< 100 ms', ok: p99 < 100 },
      ];
    },
  },
];
