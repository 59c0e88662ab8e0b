import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import { claimCheckoutForLogin, findCheckoutSession } from '../repositories/checkout-session.repository.js';
import { lockSubscription } from '../repositories/subscription-lock.queries.js';
import { applySubscription } from './apply-subscription.js';
import { completeCheckout } from './complete-checkout.js';

const SESSION_ID = /^cs_[A-Za-z0-9_]{8,250}$/;
const PAID_STATUSES = new Set(['trialing', 'active']);
/** A checkout session signs its buyer in only within a day of its creation (Stripe's sessions expire in 24 h). */
export const AUTO_LOGIN_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Sign-in after returning from checkout. Nothing the browser says is trusted: billing checks with the
 * provider that the session is complete and paid (or started a trial), that it is one billing created for
 * the user in its metadata, and that it has not signed anyone in before; only then does identity open a
 * session for that user (POST /internal/sessions). If identity fails, the claim is rolled back.
 */
export async function autoLogin(deps: TBillingDeps, sessionId: string) {
  if (!SESSION_ID.test(sessionId)) {
    throw new BillingError('CHECKOUT_SESSION_UNKNOWN');
  }
  const em = deps.orm.em.fork();
  const record = await findCheckoutSession(em, sessionId);
  if (!record) throw new BillingError('CHECKOUT_SESSION_UNKNOWN');
  if (record.loginUsedAt) {
    throw new BillingError('CHECKOUT_SESSION_USED');
  }
  if (Date.now() - record.createdAt.getTime() > AUTO_LOGIN_WINDOW_MS) {
    throw new BillingError('CHECKOUT_SESSION_TOO_OLD');
  }
  const session = await deps.provider.retrieveCheckoutSession(sessionId);
  if (!session || session.metadata.userId !== String(record.userId)) {
    throw new BillingError('CHECKOUT_SESSION_UNKNOWN');
  }
  if (session.status !== 'complete') {
    throw new BillingError('CHECKOUT_SESSION_UNPAID');
  }
  const subscription =
    session.mode === 'subscription' && session.subscriptionId
      ? await deps.provider.retrieveSubscription(session.subscriptionId)
      : null;
  const isPaid =
    session.paymentStatus === 'paid' || (subscription !== null && PAID_STATUSES.has(subscription.status));
  if (!isPaid) {
    throw new BillingError('CHECKOUT_SESSION_UNPAID');
  }

  return em.transactional(async (tx) => {
    if (!(await claimCheckoutForLogin(tx, sessionId))) {
      throw new BillingError('CHECKOUT_SESSION_USED');
    }
    // The webhook may not have arrived yet: apply what the provider says now (idempotent with the webhook).
    await completeCheckout(tx, session);
    if (subscription) {
      await lockSubscription(tx, subscription.id);
      await applySubscription(tx, deps.priceBook, subscription, { actorId: record.userId });
    }
    const opened = await deps.identity.createSession(record.userId);
    return { user: opened.user, sessionId: opened.sessionId };
  });
}
