import { EntitySchema, type Opt } from '@mikro-orm/core';
import type { TProviderCheckoutSession } from '../providers/payment-provider.js';

// The embedded provider's own objects (used only without STRIPE_SECRET_KEY), in Stripe's object model.
const createdNow = { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' } as const;
const metadata = { type: 'json', columnType: 'jsonb', defaultRaw: `'{}'` } as const;

export interface LocalCustomer {
  id: string;
  orgId: number;
  email: string;
  name: string;
  idempotencyKey: string;
  createdAt: Date;
}

export const LocalCustomerSchema = new EntitySchema<LocalCustomer>({
  name: 'LocalCustomer',
  tableName: 'local_customers',
  properties: {
    id: { type: 'text', primary: true },
    orgId: { type: 'integer' },
    email: { type: 'text' },
    name: { type: 'text' },
    idempotencyKey: { type: 'text', unique: 'local_customers_idempotency_key_key' },
    createdAt: createdNow,
  },
});

/** The provider's checkout session as the embedded provider stores it. */
export interface LocalCheckoutSession extends Pick<
  TProviderCheckoutSession,
  'id' | 'mode' | 'status' | 'paymentStatus' | 'customerId' | 'subscriptionId' | 'metadata' | 'amountTotal'
> {
  customerEmail: string | null;
  priceId: string;
  quantity: number;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  currency: string;
  idempotencyKey: string;
  createdAt: Date;
}

export const LocalCheckoutSessionSchema = new EntitySchema<LocalCheckoutSession>({
  name: 'LocalCheckoutSession',
  tableName: 'local_checkout_sessions',
  properties: {
    id: { type: 'text', primary: true },
    mode: { type: 'text' },
    status: { type: 'text', default: 'open' },
    paymentStatus: { type: 'text', default: 'unpaid' },
    customerId: { type: 'text', nullable: true },
    customerEmail: { type: 'text', nullable: true },
    subscriptionId: { type: 'text', nullable: true },
    priceId: { type: 'text' },
    quantity: { type: 'integer', default: 1 },
    trialDays: { type: 'integer', default: 0 },
    successUrl: { type: 'text' },
    cancelUrl: { type: 'text' },
    metadata,
    amountTotal: { type: 'integer', nullable: true },
    currency: { type: 'text', default: 'usd' },
    idempotencyKey: { type: 'text', unique: 'local_checkout_sessions_idempotency_key_key' },
    createdAt: createdNow,
  },
});

export interface LocalSubscription {
  id: string;
  customerId: string;
  status: string;
  itemId: string;
  priceId: string;
  quantity: number;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cardLast4: string | null;
  metadata: Record<string, string>;
  createdAt: Opt<Date>;
}

export const LocalSubscriptionSchema = new EntitySchema<LocalSubscription>({
  name: 'LocalSubscription',
  tableName: 'local_subscriptions',
  properties: {
    id: { type: 'text', primary: true },
    customerId: { type: 'text' },
    status: { type: 'text' },
    itemId: { type: 'text' },
    priceId: { type: 'text' },
    quantity: { type: 'integer' },
    trialEnd: { type: 'Date', columnType: 'timestamptz', nullable: true },
    currentPeriodEnd: { type: 'Date', columnType: 'timestamptz', nullable: true },
    cancelAtPeriodEnd: { type: 'boolean', default: false },
    cardLast4: { type: 'text', nullable: true },
    metadata,
    createdAt: createdNow,
  },
});
