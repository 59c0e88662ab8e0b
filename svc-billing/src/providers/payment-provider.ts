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

export type TCheckoutInput =
  | {
      mode: 'subscription';
      customerId: string;
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
      customerEmail: string;
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
  /** Verifies a webhook's signature and reduces it; throws on a forged or stale one. */
  parseWebhook(rawBody: Buffer, signature: string): TPaymentEvent;
}
