import { EntitySchema } from '@mikro-orm/core';
import type { TPlan, TSubscriptionStatus } from '@dealflow/contracts';
import { updatedAtColumn } from '@dealflow/service-kit';

/** The organization's plan, kept from billing.subscription.changed (AI analysis is a Pro feature). */
export class OrganizationPlan {
  orgId!: number;
  plan!: TPlan;
  status!: TSubscriptionStatus;
  updatedAt!: Date;
}

export const OrganizationPlanSchema = new EntitySchema<OrganizationPlan>({
  class: OrganizationPlan,
  tableName: 'crm_organization_plan',
  properties: {
    orgId: { type: 'integer', primary: true, autoincrement: false },
    plan: { type: 'string', length: 16 },
    status: { type: 'string', length: 32 },
    updatedAt: updatedAtColumn,
  },
});
