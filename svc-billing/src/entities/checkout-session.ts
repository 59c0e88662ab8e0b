import { EntitySchema } from '@mikro-orm/core';

const timestamp = { type: 'Date', columnType: 'timestamptz', nullable: true } as const;
const createdNow = { type: 'Date', columnType: 'timestamptz', defaultRaw: 'now()' } as const;

/**
 * A checkout billing started: who for, and whether it already signed someone in (single use). A guest's
 * checkout has no user until it is paid: then the account of the address given at checkout is created
 * (`userId` set), or, when the address already has an account, `buyerEmail` and a claim token wait for
 * that account's owner to confirm by the emailed link.
 */
export interface CheckoutSessionRecord {
  id: string;
  orgId: number | null;
  userId: number | null;
  /** SHA-256 of the HttpOnly browser key set when the checkout started: auto-login works only in that browser. */
  browserKeyHash: string | null;
  /**
   * A guest's address, given in the browser before the checkout (normalised lower-case) and locked on the
   * provider's checkout: the auto-login signs in only when the paid session's address is this one (issue 20).
   */
  expectedEmail: string | null;
  buyerEmail: string | null;
  claimTokenHash: string | null;
  claimExpiresAt: Date | null;
  /** The existing account the claim link would link the purchase to. */
  claimUserId: number | null;
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
    userId: { type: 'integer', nullable: true },
    browserKeyHash: { type: 'text', nullable: true },
    expectedEmail: { type: 'text', nullable: true },
    buyerEmail: { type: 'text', nullable: true },
    claimTokenHash: { type: 'text', nullable: true, unique: 'checkout_sessions_claim_token_hash_key' },
    claimExpiresAt: timestamp,
    claimUserId: { type: 'integer', nullable: true },
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
