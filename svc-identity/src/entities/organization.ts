import { EntitySchema } from '@mikro-orm/core';
import { createdAtColumn } from '@dealflow/service-kit';
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
  /** The owner requires two-factor sign-in of every member: those without it must enrol before anything else. */
  requireTwoFactor: boolean;
  /**
   * Counts up on every join and removal (under the row lock, before the members are counted): the version
   * member.added / member.removed carry, so consumers apply member counts in the order they happened.
   */
  membershipVersion: number;
  createdAt: Date;
}

export const OrganizationSchema = new EntitySchema<IOrganization>({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    name: { type: 'string', length: 100 },
    // Not a foreign key: the owner is created after the organization, in the same transaction.
    ownerId: { type: 'number' },
    plan: {
      type: 'string',
      columnType: 'varchar(16)',
      enum: true,
      items: ['free', 'basic', 'pro'],
      default: 'free',
    },
    chosenPlan: {
      type: 'string',
      columnType: 'varchar(16)',
      enum: true,
      items: ['basic', 'pro'],
      nullable: true,
    },
    chosenBillingCycle: {
      type: 'string',
      columnType: 'varchar(16)',
      enum: true,
      items: ['monthly', 'annual'],
      nullable: true,
    },
    stripeCustomerId: { type: 'string', length: 255, nullable: true },
    stripeSubscriptionId: { type: 'string', length: 255, nullable: true },
    subscriptionStatus: { type: 'string', length: 32, nullable: true },
    subscriptionQuantity: { type: 'number', default: 1 },
    billingCycle: {
      type: 'string',
      columnType: 'varchar(16)',
      enum: true,
      items: ['monthly', 'annual'],
      nullable: true,
    },
    trialEndsAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    requireTwoFactor: { type: 'boolean', default: false },
    membershipVersion: { type: 'number', default: 1 },
    createdAt: createdAtColumn,
  },
});
