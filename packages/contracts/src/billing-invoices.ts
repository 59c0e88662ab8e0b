import { z } from 'zod';
import { ZErrorBody, ZId, ZSubscriptionStatus } from './common.js';
import { defineRoutes } from './http.js';

/** One invoice as the Billing page lists it (issue 14: the payment clock). Amounts in cents. */
export const ZInvoiceSummary = z.object({
  id: z.string(),
  number: z.string().nullable(),
  date: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']),
  /** The printable receipt (a signed link, paid invoices only). */
  receiptUrl: z.string().nullable(),
  /** Charges tried so far (Stripe's `attempt_count`: the first one and the automatic retries). */
  attemptCount: z.number().int(),
  /** When an open invoice is charged again (Stripe's `next_payment_attempt`); null when none is scheduled. */
  nextPaymentAttempt: z.string().nullable(),
});
export const ZInvoiceList = z.object({
  invoices: z.array(ZInvoiceSummary),
  /** The next charge of the subscription as it stands (null: nothing due, e.g. cancels at period end). */
  nextCharge: z.object({ date: z.string(), amountCents: z.number().int(), currency: z.string() }).nullable(),
  trialEndsAt: z.string().nullable(),
  status: ZSubscriptionStatus.nullable(),
});

/** Development and tests only: move the organization's payment test clock forward. */
export const ZAdvanceTestClockBody = z.object({
  orgId: ZId,
  days: z.number().int().min(1).max(800),
});
export const ZAdvanceTestClockResponse = z.object({
  /** The organization's clock after the move. */
  now: z.string(),
  /** The provider events it produced, in order (empty on Stripe: they arrive as webhooks). */
  events: z.array(z.string()),
});

export const billingInvoiceRoutes = defineRoutes({
  invoices: {
    method: 'GET',
    path: '/api/billing/invoices',
    summary: "The organization's invoices, the next charge and the trial end",
    tag: 'billing',
    auth: 'member',
    responses: { 200: ZInvoiceList, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody },
  },
  advanceTestClock: {
    method: 'POST',
    path: '/internal/billing/test-clock/advance',
    summary: "Advance an organization's payment test clock (development and tests; refused in production)",
    tag: 'internal',
    auth: 'internal',
    body: ZAdvanceTestClockBody,
    responses: {
      200: ZAdvanceTestClockResponse,
      400: ZErrorBody,
      401: ZErrorBody,
      403: ZErrorBody,
      404: ZErrorBody,
    },
  },
});
