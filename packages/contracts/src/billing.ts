import { z } from 'zod';
import { ZBillingCycle, ZErrorBody, ZId, ZPaidPlan, ZPlan, ZSubscriptionStatus } from './common.js';
import { defineRoutes } from './http.js';
import { ZUser } from './identity.js';

import { Plans } from './plans.js';

export { Plans, TRIAL_DAYS, TEMPLATE_PRICE_USD } from './plans.js';
/**
 * Deck allowance per calendar month of an organization without a paid plan or trial (the seeds name no
 * figure). svc-ingest enforces it, and billing's usage answer and the dashboard show it: one number.
 */
export const FREE_MONTHLY_DECK_LIMIT = 5;

export const monthlyDeckLimit = (plan: z.infer<typeof ZPlan>, seats: number): number =>
  plan === 'free' ? FREE_MONTHLY_DECK_LIMIT : Plans[plan].monthlyDeckLimitPerSeat * Math.max(seats, 1);

export const ZCheckoutBody = z
  .object({
    plan: ZPaidPlan,
    billingCycle: ZBillingCycle,
    /**
     * A guest's address, given before the checkout (required for a guest; a signed-in user's own address is
     * used and this is ignored). The checkout is created with it locked (Stripe `customer_email`), and the
     * auto-login signs in only when the paid session's address is this one (issue 20).
     */
    email: z.email().max(254),
  })
  .strict()
  .partial()
  .refine((b) => (b.plan === undefined) === (b.billingCycle === undefined), {
    message: 'plan and billingCycle go together',
  });
export const ZCheckoutResponse = z.object({ url: z.string(), sessionId: z.string() });
export const ZPortalResponse = z.object({ url: z.string() });

export const ZSubscription = z.object({
  plan: ZPlan,
  planLabel: z.string(),
  billingCycle: ZBillingCycle.nullable(),
  status: ZSubscriptionStatus.nullable(),
  seats: z.number().int(),
  pricePerSeat: z.number().nullable(),
  amount: z.number().nullable(),
  currency: z.string(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  hasPaymentMethod: z.boolean(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
});
export const ZUsage = z.object({
  month: z.string(),
  totalDecksProcessed: z.number().int(),
  limit: z.number().int(),
  usageRecords: z.array(
    z.object({
      id: z.string(),
      userId: ZId.nullable(),
      user: z.object({ name: z.string(), email: z.string() }).nullable(),
      decksProcessed: z.number().int(),
    }),
  ),
});
export const ZAutoLoginBody = z.object({ sessionId: z.string().min(1).max(300) });
export const ZAutoLoginResponse = z.object({
  success: z.boolean(),
  user: ZUser.nullable(),
  message: z.string(),
  /** Kept for older clients; the session now travels only in the HttpOnly cookie (issue 12). */
  sessionId: z.string().optional(),
  /** What the checkout bought: the return screen shows 'Payment Successful!' on the dashboard for the licence. */
  purchase: z.enum(['template', 'subscription']).optional(),
});

/**
 * Billing -> identity hand-off of auto-login: `POST /internal/sessions` on svc-identity (x-internal-token),
 * called only after billing has verified the checkout session with the payment provider. Identity opens a
 * session for that user and answers like login does.
 */
export const ZInternalSessionBody = z.object({ userId: ZId, unverified: z.boolean().optional() });
export const ZInternalSessionResponse = z.object({
  user: ZUser,
  organization: z.unknown().optional(),
  sessionId: z.string().min(1),
});

/** The token of the link emailed to an existing account's address after a guest bought with that address. */
export const ZClaimPurchaseBody = z.object({ token: z.string().min(16).max(200) });
export const ZClaimPurchaseResponse = z.object({ linked: z.literal(true), message: z.string() });

/** Plan or cycle change, cancel at period end, reactivate: the API twin of the billing portal (owner only). */
export const ZChangeSubscriptionBody = z
  .object({ plan: ZPaidPlan, billingCycle: ZBillingCycle, cancelAtPeriodEnd: z.boolean() })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
export const billingRoutes = defineRoutes({
  checkout: {
    method: 'POST',
    path: '/api/stripe/checkout',
    summary:
      'Start a subscription checkout (plan, billingCycle; owner) or, with no plan, the one-time $50 purchase (signed in, or a guest who gives an email first)',
    tag: 'billing',
    auth: 'public',
    body: ZCheckoutBody,
    responses: { 200: ZCheckoutResponse, ...errors },
  },
  portal: {
    method: 'POST',
    path: '/api/stripe/portal',
    summary: 'Open the billing portal',
    description:
      "Answers the URL of the payment provider's billing portal for the organization's subscription (payment " +
      'method, invoices, cancellation); the client navigates to it and comes back to the app.',
    tag: 'billing',
    auth: 'owner',
    responses: { 200: ZPortalResponse, ...errors },
  },
  subscription: {
    method: 'GET',
    path: '/api/stripe/subscription',
    summary: "The organization's subscription",
    tag: 'billing',
    auth: 'member',
    responses: { 200: ZSubscription, ...errors },
  },
  usage: {
    method: 'GET',
    path: '/api/stripe/usage',
    summary: 'Decks processed this month per user, and the limit',
    tag: 'billing',
    auth: 'member',
    responses: { 200: ZUsage, ...errors },
  },
  autoLogin: {
    method: 'POST',
    path: '/api/stripe/auto-login',
    summary: 'Sign in after returning from checkout',
    description:
      'Signs in the buyer of a paid (or trialing) checkout, from the browser that started it, once, within 15 ' +
      'minutes of its creation; `sessionId` is the checkout session in the return URL. Otherwise nobody is ' +
      'signed in and `message` says why (a guest has the set-password email).',
    tag: 'billing',
    auth: 'public',
    body: ZAutoLoginBody,
    responses: { 200: ZAutoLoginResponse, ...errors, 410: ZErrorBody },
  },
  autoLoginAlt: {
    method: 'POST',
    path: '/api/billing/auto-login',
    summary: 'Alternative path of auto-login',
    description:
      'The same as POST /api/stripe/auto-login (same body, answer and rules), at a path of its own.',
    tag: 'billing',
    auth: 'public',
    body: ZAutoLoginBody,
    responses: { 200: ZAutoLoginResponse, ...errors, 410: ZErrorBody },
  },
  claimPurchase: {
    method: 'POST',
    path: '/api/billing/claim-purchase',
    summary:
      "Link a guest's purchase to the existing account of its email (the link emailed to that address)",
    tag: 'billing',
    auth: 'public',
    body: ZClaimPurchaseBody,
    responses: { 200: ZClaimPurchaseResponse, ...errors, 410: ZErrorBody },
  },
  changeSubscription: {
    method: 'PATCH',
    path: '/api/stripe/subscription',
    summary: 'Change plan or cycle, cancel at period end or reactivate (API twin of the portal)',
    tag: 'billing',
    auth: 'owner',
    body: ZChangeSubscriptionBody,
    responses: { 200: ZSubscription, ...errors },
  },
  webhook: {
    method: 'POST',
    path: '/webhooks/stripe',
    summary: 'Stripe webhook (signature verified)',
    tag: 'webhooks',
    auth: 'signature',
    responses: { 200: z.object({ received: z.literal(true) }), 400: ZErrorBody },
  },
});
