import { EntitySchema } from '@mikro-orm/core';

const timestamp = { type: 'Date', columnType: 'timestamptz', nullable: true } as const;
const createdNow = { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' } as const;

/** A checkout billing started: who for, and whether it already signed someone in (single use). */
export interface CheckoutSessionRecord {
  id: string;
  orgId: number | null;
  userId: number;
  mode: 'subscription' | 'payment';
  plan: string | null;
  billingCycle: string | null;
  completedAt: Date | null;
  loginUsedAt: Date | null;
  purchaseRecordedAt: Date | null;
  createdAt: Date;
}

export const CheckoutSessionSchema = new EntitySchema<CheckoutSessionRecord>({
  name: 'CheckoutSessionRecord',
  tableName: 'checkout_sessions',
  properties: {
    id: { type: 'text', primary: true },
    orgId: { type: 'integer', nullable: true },
    userId: { type: 'integer' },
    mode: { type: 'text' },
    plan: { type: 'text', nullable: true },
    billingCycle: { type: 'text', nullable: true },
    completedAt: timestamp,
    loginUsedAt: timestamp,
    purchaseRecordedAt: timestamp,
    createdAt: createdNow,
  },
});

/** Provider event ids already handled (webhooks and the embedded provider alike). */
export interface PaymentEventRecord {
  id: string;
  type: string;
  handledAt: Date;
}

export const PaymentEventSchema = new EntitySchema<PaymentEventRecord>({
  name: 'PaymentEventRecord',
  tableName: 'payment_events',
  properties: {
    id: { type: 'text', primary: true },
    type: { type: 'text' },
    handledAt: createdNow,
  },
});

/** Decks processed per user per calendar month (user 0: not attributed to a member). */
export interface DeckUsage {
  orgId: number;
  userId: number;
  month: string;
  decksProcessed: number;
}

export const DeckUsageSchema = new EntitySchema<DeckUsage>({
  name: 'DeckUsage',
  tableName: 'deck_usage',
  properties: {
    orgId: { type: 'integer', primary: true, autoincrement: false },
    userId: { type: 'integer', primary: true, autoincrement: false },
    month: { type: 'text', primary: true },
    decksProcessed: { type: 'integer', default: 0 },
  },
});
