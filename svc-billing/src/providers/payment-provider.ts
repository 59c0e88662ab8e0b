import type { TSubscriptionStatus } from '@dealflow/contracts';

/** What billing needs to know about a checkout session, whoever the provider is. */
export interface TProviderCheckoutSession {
  id: string;
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string | null;
  subscriptionId: string | null;
  metadata: Record<string, string>;
  amountTotal: number | null;
  currency: string | null;
  url: string | null;
  /** The buyer's address: the one billing passed (`customer_email`) or the one typed at checkout (`customer_details`). */
  customerEmail: string | null;
  customerName: string | null;
}

export interface TProviderSubscription {
  id: string;
  customerId: string;
  status: TSubscriptionStatus;
  itemId: string | null;
  priceId: string | null;
  quantity: number;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  hasPaymentMethod: boolean;
  metadata: Record<string, string>;
}

/** An invoice as the Billing page, the receipt and the emails need it (Stripe's Invoice, reduced). */
export interface TProviderInvoice {
  id: string;
  number: string | null;
  customerId: string;
  subscriptionId: string | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  billingReason: string | null;
  currency: string;
  /** Cents. */
  total: number;
  amountPaid: number;
  amountDue: number;
  created: Date;
  paidAt: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  customerEmail: string | null;
  customerName: string | null;
  /** Stripe's `attempt_count`: charges tried so far (retries of an open invoice included). */
  attemptCount: number;
  /** Stripe's `next_payment_attempt`: the next automatic retry, null when none is scheduled. */
  nextPaymentAttempt: Date | null;
  lines: {
    description: string;
    amount: number;
    quantity: number | null;
    proration: boolean;
    periodStart: Date | null;
    periodEnd: Date | null;
  }[];
}

/** The next invoice of a subscription as it stands now (Stripe's invoice preview). */
export interface TUpcomingInvoice {
  date: Date;
  total: number;
  currency: string;
}

export type TCheckoutInput =
  | {
      mode: 'subscription';
      /** Null for a guest: the provider creates the customer from the address, as Stripe does. */
      customerId: string | null;
      /**
       * A guest's address, given before the checkout: locked on the provider's page (Stripe `customer_email`),
       * so the customer and the account are made for it (issue 20). Absent when there is a customer.
       */
      customerEmail?: string | null;
      priceId: string;
      quantity: number;
      trialDays: number;
      successUrl: string;
      cancelUrl: string;
      metadata: Record<string, string>;
    }
  | {
      mode: 'payment';
      customerId: string | null;
      /**
       * The buyer's address, locked on the provider's page: the signed-in user's, or the one a guest gave before
       * the checkout (issue 20). Null only when there is a customer.
       */
      customerEmail: string | null;
      priceId: string;
      successUrl: string;
      cancelUrl: string;
      metadata: Record<string, string>;
    };

export interface TSubscriptionChange {
  quantity?: number;
  priceId?: string;
  cancelAtPeriodEnd?: boolean;
}

/**
 * A provider event reduced to what the handlers use. Stripe webhooks and the embedded provider both
 * produce these, so both walk the same handlers (handle-payment-event.ts).
 */
export interface TPaymentEvent {
  id: string;
  type: string;
  checkoutSession: TProviderCheckoutSession | null;
  subscriptionId: string | null;
  /** The invoice of `invoice.*` events. */
  invoice: TProviderInvoice | null;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'embedded';
  createCustomer(
    input: { orgId: number; email: string; name: string },
    idempotencyKey: string,
  ): Promise<string>;
  createCheckoutSession(input: TCheckoutInput, idempotencyKey: string): Promise<TProviderCheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<TProviderCheckoutSession | null>;
  retrieveSubscription(id: string): Promise<TProviderSubscription | null>;
  updateSubscription(
    id: string,
    change: TSubscriptionChange,
    idempotencyKey: string,
  ): Promise<TProviderSubscription>;
  cancelSubscriptionNow(id: string, idempotencyKey: string): Promise<void>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** The customer's invoices, newest first. */
  listInvoices(customerId: string): Promise<TProviderInvoice[]>;
  retrieveInvoice(id: string): Promise<TProviderInvoice | null>;
  /** The next charge of a live subscription (null when none is due: canceled, ending at period end). */
  previewNextInvoice(subscriptionId: string): Promise<TUpcomingInvoice | null>;
  /**
   * Moves the customer's test clock forward (development and tests only). The embedded provider runs what
   * falls due and returns the events Stripe would send; Stripe runs it itself and sends them as webhooks
   * (so the answer is empty).
   */
  advanceClock(customerId: string, seconds: number): Promise<{ now: Date; events: TPaymentEvent[] }>;
  /** Verifies a webhook's signature and reduces it; throws on a forged or stale one. */
  parseWebhook(rawBody: Buffer, signature: string): TPaymentEvent;
}
