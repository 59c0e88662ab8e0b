import type { EntityManager } from '@mikro-orm/core';
import {
  claimPurchase,
  findCheckoutSession,
  markCheckoutCompleted,
} from '../repositories/checkout-session.repository.js';
import { publishPurchaseCompleted } from '../repositories/billing.events.js';
import { setCustomer, ensureOrganization } from '../repositories/organization.repository.js';
import type { TProviderCheckoutSession } from '../providers/payment-provider.js';

/**
 * A checkout the provider reports complete: remember it, attach the customer, and for the one-time
 * purchase publish billing.purchase.completed exactly once (webhook and auto-login may both get here).
 */
export async function completeCheckout(em: EntityManager, session: TProviderCheckoutSession): Promise<void> {
  if (session.status !== 'complete') return;
  const record = await findCheckoutSession(em, session.id, { lock: true });
  // Only sessions billing created count; metadata must agree with what billing recorded.
  if (!record || session.metadata.userId !== String(record.userId)) return;
  await markCheckoutCompleted(em, session.id);
  if (record.orgId && session.customerId) {
    const org = await ensureOrganization(em, { orgId: record.orgId });
    if (!org.stripeCustomerId) await setCustomer(em, record.orgId, session.customerId);
  }
  if (
    session.mode === 'payment' &&
    session.paymentStatus === 'paid' &&
    (await claimPurchase(em, session.id))
  ) {
    publishPurchaseCompleted(em, {
      orgId: record.orgId,
      userId: record.userId,
      checkoutSessionId: session.id,
      amountTotal: session.amountTotal ?? 0,
      currency: session.currency ?? 'usd',
    });
  }
}
