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

export const OrganizationSchema = new EntitySchema<BillingOrganization>({
  name: 'BillingOrganization',
  tableName: 'organizations',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: false },
    name: { type: 'text' },
    ownerId: { type: 'integer', nullable: true },
    ownerEmail: { type: 'text', nullable: true },
    ownerName: { type: 'text', nullable: true },
    memberCount: { type: 'integer' },
    plan: { type: 'text' },
    billingCycle: { type: 'text', nullable: true },
    status: { type: 'text', nullable: true },
    stripeCustomerId: { type: 'text', nullable: true, unique: true },
    stripeSubscriptionId: { type: 'text', nullable: true, unique: true },
    seats: { type: 'integer' },
    trialEndsAt: { type: 'Date', nullable: true },
    currentPeriodEnd: { type: 'Date', nullable: true },
    cancelAtPeriodEnd: { type: 'boolean' },
    hasPaymentMethod: { type: 'boolean' },
    deletedAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
    updatedAt: { type: 'Date' },
  },
});
