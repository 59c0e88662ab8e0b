import { EntitySchema } from '@mikro-orm/core';
import type { TPlan, TSubscriptionStatus } from '@dealflow/contracts';

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
    orgId: { type: 'number', primary: true },
    plan: { type: 'string' },
    status: { type: 'string' },
    updatedAt: { type: 'Date', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
