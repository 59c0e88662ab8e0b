import { EntitySchema } from '@mikro-orm/core';
import type { TBillingCycle, TPaidPlan, TPlan, TSubscriptionStatus } from '@dealflow/contracts';

export interface IOrganization {
  id: number;
  name: string;
  ownerId: number;
  /** The plan billing reports (free until billing.subscription.changed says otherwise). */
  plan: TPlan;
  /** What the owner picked on the setup screen; the subscription itself comes from billing's events. */
  chosenPlan: TPaidPlan | null;
  chosenBillingCycle: TBillingCycle | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionStatus: TSubscriptionStatus | null;
  subscriptionQuantity: number;
  billingCycle: TBillingCycle | null;
  trialEndsAt: Date | null;
  createdAt: Date;
}

export const OrganizationSchema = new EntitySchema<IOrganization>({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    name: { type: 'string' },
    ownerId: { type: 'number' },
    plan: { type: 'string', default: 'free' },
    chosenPlan: { type: 'string', nullable: true },
    chosenBillingCycle: { type: 'string', nullable: true },
    stripeCustomerId: { type: 'string', nullable: true },
    stripeSubscriptionId: { type: 'string', nullable: true },
    subscriptionStatus: { type: 'string', nullable: true },
    subscriptionQuantity: { type: 'number', default: 1 },
    billingCycle: { type: 'string', nullable: true },
    trialEndsAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date', onCreate: () => new Date() },
  },
});
