import { EntitySchema, type Opt } from '@mikro-orm/core';
import type { TInvoiceLine } from '../providers/billing-clock.js';
import type { TProviderCheckoutSession } from '../providers/payment-provider.js';

// The embedded provider's own objects (used only without STRIPE_SECRET_KEY), in Stripe's object model.
const createdNow = { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' } as const;
const metadata = { type: 'json', columnType: 'jsonb', defaultRaw: `'{}'` } as const;

export interface LocalCustomer {
  id: string;
  /** Null for a guest subscriber's customer: created at checkout, before the organization exists (as Stripe's). */
  orgId: number | null;
  email: string;
  name: string;
  idempotencyKey: string;
  /** The customer's test clock: how far ahead of the real time its subscriptions live (development only). */
  clockOffsetSeconds: Opt<number>;
  createdAt: Date;
}

export const LocalCustomerSchema = new EntitySchema<LocalCustomer>({
  name: 'LocalCustomer',
  tableName: 'local_customers',
  properties: {
    id: { type: 'text', primary: true },
    orgId: { type: 'integer', nullable: true },
    email: { type: 'text' },
    name: { type: 'text' },
    idempotencyKey: { type: 'text', unique: 'local_customers_idempotency_key_key' },
    clockOffsetSeconds: { type: 'integer', default: 0 },
    createdAt: createdNow,
  },
});

/** The provider's checkout session as the embedded provider stores it. */
export interface LocalCheckoutSession extends Pick<
  TProviderCheckoutSession,
  'id' | 'mode' | 'status' | 'paymentStatus' | 'customerId' | 'subscriptionId' | 'metadata' | 'amountTotal'
> {
  customerEmail: string | null;
  customerName: string | null;
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
    customerName: { type: 'text', nullable: true },
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
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cardLast4: string | null;
  /** The saved card attaches but its charges fail (Stripe's 4000 0000 0000 0341). */
  cardFailsOnCharge: Opt<boolean>;
  trialWillEndSent: Opt<boolean>;
  /** Proration items waiting for the next invoice. */
  pendingLines: Opt<TInvoiceLine[]>;
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
    currentPeriodStart: { type: 'Date', columnType: 'timestamptz', nullable: true },
    currentPeriodEnd: { type: 'Date', columnType: 'timestamptz', nullable: true },
    cancelAtPeriodEnd: { type: 'boolean', default: false },
    cardLast4: { type: 'text', nullable: true },
    cardFailsOnCharge: { type: 'boolean', default: false },
    trialWillEndSent: { type: 'boolean', default: false },
    pendingLines: { type: 'json', columnType: 'jsonb', defaultRaw: `'[]'` },
    metadata,
    createdAt: createdNow,
  },
});

/** An invoice of the embedded provider (Stripe's Invoice object, its lines kept with it). */
export interface LocalInvoice {
  id: string;
  /** Per customer, in order: `<customer prefix>-0001`, as Stripe numbers them. */
  number: string;
  customerId: string;
  subscriptionId: string;
  status: 'open' | 'paid';
  billingReason: string;
  currency: string;
  total: number;
  amountPaid: number;
  periodStart: Date;
  periodEnd: Date;
  lines: TInvoiceLine[];
  /** On the customer's clock. */
  created: Date;
  paidAt: Date | null;
  /** Stripe's `attempt_count`: charges tried so far (the first one and the retries of an open invoice). */
  attemptCount: Opt<number>;
  /** Stripe's `next_payment_attempt`: the next retry of an open invoice, null when none is scheduled. */
  nextPaymentAttempt: Date | null;
}

export const LocalInvoiceSchema = new EntitySchema<LocalInvoice>({
  name: 'LocalInvoice',
  tableName: 'local_invoices',
  indexes: [{ name: 'local_invoices_customer_id_index', properties: ['customerId'] }],
  properties: {
    id: { type: 'text', primary: true },
    number: { type: 'text', unique: 'local_invoices_number_key' },
    customerId: { type: 'text' },
    subscriptionId: { type: 'text' },
    status: { type: 'text' },
    billingReason: { type: 'text' },
    currency: { type: 'text', default: 'usd' },
    total: { type: 'integer' },
    amountPaid: { type: 'integer', default: 0 },
    periodStart: { type: 'Date', columnType: 'timestamptz' },
    periodEnd: { type: 'Date', columnType: 'timestamptz' },
    lines: { type: 'json', columnType: 'jsonb', defaultRaw: `'[]'` },
    created: { type: 'Date', columnType: 'timestamptz' },
    paidAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    attemptCount: { type: 'integer', default: 1 },
    nextPaymentAttempt: { type: 'Date', columnType: 'timestamptz', nullable: true },
  },
});
