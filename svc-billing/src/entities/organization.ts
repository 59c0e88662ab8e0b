import { EntitySchema } from '@mikro-orm/core';
import type { TBillingCycle, TPlan, TSubscriptionStatus } from '@dealflow/contracts';

/** Billing's view of an organization: read model from identity's events plus its billing state. */
export interface BillingOrganization {
  id: number;
  name: string;
  ownerId: number | null;
  ownerEmail: string | null;
  ownerName: string | null;
  memberCount: number;
  /** Identity's membership version of `memberCount`: a count with an older version is stale (0: none yet). */
  memberCountVersion: number;
  plan: TPlan;
  billingCycle: TBillingCycle | null;
  status: TSubscriptionStatus | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  seats: number;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  hasPaymentMethod: boolean;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const timestamp = { type: 'Date', columnType: 'timestamptz', nullable: true } as const;
const createdNow = { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' } as const;

// Constraint names are PostgreSQL's defaults, as the first (hand-written) migration created them.
export const OrganizationSchema = new EntitySchema<BillingOrganization>({
  name: 'BillingOrganization',
  tableName: 'organizations',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: false },
    name: { type: 'text', default: '' },
    ownerId: { type: 'integer', nullable: true },
    ownerEmail: { type: 'text', nullable: true },
    ownerName: { type: 'text', nullable: true },
    memberCount: { type: 'integer', default: 1 },
    memberCountVersion: { type: 'integer', default: 0 },
    plan: { type: 'text', default: 'free' },
    billingCycle: { type: 'text', nullable: true },
    status: { type: 'text', nullable: true },
    stripeCustomerId: { type: 'text', nullable: true, unique: 'organizations_stripe_customer_id_key' },
    stripeSubscriptionId: {
      type: 'text',
      nullable: true,
      unique: 'organizations_stripe_subscription_id_key',
    },
    seats: { type: 'integer', default: 1 },
    trialEndsAt: timestamp,
    currentPeriodEnd: timestamp,
    cancelAtPeriodEnd: { type: 'boolean', default: false },
    hasPaymentMethod: { type: 'boolean', default: false },
    deletedAt: timestamp,
    createdAt: createdNow,
    updatedAt: createdNow,
  },
});
