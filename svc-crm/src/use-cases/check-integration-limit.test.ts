import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Topics, type TIntegrationKind } from '@dealflow/contracts';
import { UPGRADE_MESSAGES } from '@dealflow/contracts/plans';
import { waitFor } from '@dealflow/service-kit/testing';
import { startCrm } from '../../test/crm.js';
import { IngestIntegrationsSchema, OrganizationPlanSchema } from '../entities/index.js';
import { publishIntegrationsChanged } from '../repositories/crm.events.js';
import { checkIntegrationLimit } from './check-integration-limit.js';

type Crm = Awaited<ReturnType<typeof startCrm>>;
let crm: Crm;

async function givePlan(orgId: number, plan: 'basic' | 'pro', status: 'active' | 'canceled' = 'active') {
  await crm.bus.publish(Topics.subscriptionChanged, {
    orgId,
    plan,
    billingCycle: 'monthly',
    status,
    seats: 1,
    trialEndsAt: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    monthlyDeckLimit: 100,
  });
  await waitFor(async () => {
    const row = await crm.svc.ctx.orm.em.fork().findOne(OrganizationPlanSchema, { orgId });
    return row?.plan === plan && row.status === status;
  });
}
/** svc-ingest announces its connected integrations; resolves once crm has recorded them. */
async function ingestConnected(orgId: number, connected: TIntegrationKind[]) {
  await crm.bus.publish(Topics.ingestIntegrationsChanged, {
    orgId,
    connected,
    changedAt: new Date().toISOString(),
  });
  await waitFor(async () => {
    const row = await crm.svc.ctx.orm.em.fork().findOne(IngestIntegrationsSchema, { orgId });
    return JSON.stringify(row?.connected) === JSON.stringify(connected);
  });
}
const check = (orgId: number) => checkIntegrationLimit(crm.svc.ctx.orm.em.fork(), orgId);

describe("Basic's two integrations, checked when the CRM connection is made", () => {
  beforeAll(async () => {
    crm = await startCrm();
    await crm.bus.listen([Topics.crmIntegrationsChanged]);
  }, 120_000);
  afterAll(() => crm?.stop());

  it('refuses the CRM as a third integration on Basic, with the upgrade message', async () => {
    await givePlan(61, 'basic');
    await ingestConnected(61, ['mailbox', 'accounting']);
    const refused = await check(61).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 403, message: UPGRADE_MESSAGES.integrationLimit });
  });

  it('allows it as the second, and again once svc-ingest disconnected one', async () => {
    await givePlan(62, 'basic');
    await ingestConnected(62, ['mailbox']);
    await expect(check(62)).resolves.toBeUndefined();
    await ingestConnected(61, ['accounting']);
    await expect(check(61)).resolves.toBeUndefined();
  });

  it('gives an organization without a plan, or a lapsed Pro, the Basic limit; an active Pro none', async () => {
    await ingestConnected(63, ['mailbox', 'accounting']);
    await expect(check(63)).rejects.toMatchObject({ statusCode: 403 });
    await givePlan(63, 'pro', 'canceled');
    await expect(check(63)).rejects.toMatchObject({ statusCode: 403 });
    await givePlan(63, 'pro');
    await expect(check(63)).resolves.toBeUndefined();
  });

  it("tells svc-ingest crm's connected integrations", async () => {
    await crm.svc.ctx.orm.em.fork().transactional((em) => publishIntegrationsChanged(em, 62, ['crm']));
    const events = await crm.bus.waitForEvents(Topics.crmIntegrationsChanged, 62);
    expect(events[0]!.data).toMatchObject({ orgId: 62, connected: ['crm'] });
  });
});
