import { createHmac } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import type { ZInvoiceList } from '@dealflow/contracts';
import { safeEqual } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { findOrganization } from '../repositories/organization.repository.js';

type TReceiptDeps = Pick<TBillingDeps, 'config'>;

/**
 * Receipt links are signed (like the portal's): the Billing page hands them out to members, and a link
 * opens only its own invoice. Signed with the internal token, which production refuses to leave at its
 * development value whichever provider is configured.
 */
const signReceipt = (deps: TReceiptDeps, invoiceId: string) =>
  createHmac('sha256', deps.config.INTERNAL_API_TOKEN).update(`receipt:${invoiceId}`).digest('base64url');

export const receiptPath = (deps: TReceiptDeps, invoiceId: string) =>
  `/pay/receipts/${encodeURIComponent(invoiceId)}.${signReceipt(deps, invoiceId)}`;

/** The invoice id of a receipt token, or null when the signature does not match. */
export const verifyReceiptToken = (deps: TReceiptDeps, token: string) => {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const invoiceId = token.slice(0, dot);
  return safeEqual(token.slice(dot + 1), signReceipt(deps, invoiceId)) ? invoiceId : null;
};

/** GET /api/billing/invoices: the provider's invoices for the organization, its next charge and trial end. */
export async function listInvoices(
  em: EntityManager,
  orgId: number,
  deps: Pick<TBillingDeps, 'provider' | 'config'>,
): Promise<z.infer<typeof ZInvoiceList>> {
  const org = await findOrganization(em, orgId);
  const base = {
    trialEndsAt: org?.status === 'trialing' ? (org.trialEndsAt?.toISOString() ?? null) : null,
    status: org?.status ?? null,
  };
  if (!org?.stripeCustomerId) return { invoices: [], nextCharge: null, ...base };
  const [invoices, next] = await Promise.all([
    deps.provider.listInvoices(org.stripeCustomerId),
    org.stripeSubscriptionId && org.plan !== 'free'
      ? deps.provider.previewNextInvoice(org.stripeSubscriptionId)
      : Promise.resolve(null),
  ]);
  return {
    ...base,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      date: (invoice.paidAt ?? invoice.created).toISOString(),
      amountCents: invoice.total,
      currency: invoice.currency,
      status: invoice.status,
      receiptUrl: invoice.status === 'paid' ? receiptPath(deps, invoice.id) : null,
      attemptCount: invoice.attemptCount,
      nextPaymentAttempt:
        invoice.status === 'open' ? (invoice.nextPaymentAttempt?.toISOString() ?? null) : null,
    })),
    nextCharge: next
      ? { date: next.date.toISOString(), amountCents: next.total, currency: next.currency }
      : null,
  };
}
