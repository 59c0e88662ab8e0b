import type { EntityManager } from '@mikro-orm/core';
import { safeEqual } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import { claimCheckoutForLogin, findCheckoutSession } from '../repositories/checkout-session.repository.js';
import { lockSubscription } from '../repositories/subscription-lock.queries.js';
import { applySubscription } from './apply-subscription.js';
import { completeCheckout, isGuestCheckout, paidWithExpectedEmail } from './complete-checkout.js';
import { hashBrowserKey } from './create-checkout.js';

const SESSION_ID = /^cs_[A-Za-z0-9_]{8,250}$/;
const PAID_STATUSES = new Set(['trialing', 'active']);
/**
 * A checkout session signs its buyer in only within 15 minutes of its creation (issue 12): the id travels in
 * URLs, logs and Referer headers, so it must not stay a key for long. A buyer who takes longer logs in (a
 * guest has the set-password email).
 */
export const AUTO_LOGIN_WINDOW_MS = 15 * 60 * 1000;

export const ACCOUNT_EXISTS_MESSAGE =
  'An account already exists for this email. We sent a link to that address to add the purchase to it';

/** What the browser that created a guest checkout sees when it was paid with another address (issue 20). */
export const EMAIL_MISMATCH_MESSAGE =
  'This checkout was paid with another email address, so nobody is signed in here. We sent a link to the address used to pay.';

export type TAutoLoginResult =
  | {
      signedIn: true;
      purchase: 'template' | 'subscription';
      user: Awaited<ReturnType<TBillingDeps['identity']['createSession']>>['user'];
      sessionId: string;
    }
  | { signedIn: false; message: string };

/**
 * Sign-in after returning from checkout. Nothing the browser says is trusted: the request must come from the
 * browser that started the checkout (the HttpOnly key set then, `browserKey`), within 15 minutes, once;
 * billing checks with the provider that the session is complete and paid (or started a trial) and that it is
 * one billing created for that user (or for a guest, whose account is settled now); only then does identity
 * open a session for that user (POST /internal/sessions). If identity fails, the claim is rolled back. A guest
 * whose address already has an account is not signed in: that account's owner must confirm by email.
 */
export async function autoLogin(
  em: EntityManager,
  { sessionId, browserKey }: { sessionId: string; browserKey: string | undefined },
  deps: Pick<TBillingDeps, 'provider' | 'identity' | 'config' | 'logger' | 'licenceSigner' | 'priceBook'>,
): Promise<TAutoLoginResult> {
  if (!SESSION_ID.test(sessionId)) {
    throw new BillingError('CHECKOUT_SESSION_UNKNOWN');
  }
  const record = await findCheckoutSession(em, sessionId);
  if (!record) throw new BillingError('CHECKOUT_SESSION_UNKNOWN');
  if (
    !browserKey ||
    !record.browserKeyHash ||
    !safeEqual(hashBrowserKey(browserKey), record.browserKeyHash)
  ) {
    throw new BillingError('CHECKOUT_OTHER_BROWSER');
  }
  if (record.loginUsedAt) {
    throw new BillingError('CHECKOUT_SESSION_USED');
  }
  if (Date.now() - record.createdAt.getTime() > AUTO_LOGIN_WINDOW_MS) {
    throw new BillingError('CHECKOUT_SESSION_TOO_OLD');
  }
  const session = await deps.provider.retrieveCheckoutSession(sessionId);
  const isGuest = session !== null && isGuestCheckout(session);
  if (!session || (!isGuest && session.metadata.userId !== String(record.userId))) {
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

  return em.transactional(async (tx): Promise<TAutoLoginResult> => {
    // The webhook may not have arrived yet: apply what the provider says now (idempotent with the webhook).
    // For a guest this settles the account of the address given at checkout.
    await completeCheckout(tx, session, deps);
    const settled = await findCheckoutSession(tx, sessionId, { lock: true });
    // A guest is signed in only when the session was paid with the address this browser gave first (issue
    // 20): the purchase stays with the address that paid, reached through the link emailed to it.
    if (isGuest && (!settled || !paidWithExpectedEmail(settled, session))) {
      // The payer's new trial is theirs all the same: copied now, as the webhook would.
      if (subscription && settled?.userId && settled.orgId) {
        await lockSubscription(tx, subscription.id);
        await applySubscription(tx, deps.priceBook, subscription, { actorId: settled.userId });
      }
      return { signedIn: false, message: EMAIL_MISMATCH_MESSAGE };
    }
    if (!settled?.userId) return { signedIn: false, message: ACCOUNT_EXISTS_MESSAGE };
    if (!(await claimCheckoutForLogin(tx, sessionId))) {
      throw new BillingError('CHECKOUT_SESSION_USED');
    }
    if (subscription) {
      await lockSubscription(tx, subscription.id);
      await applySubscription(tx, deps.priceBook, subscription, { actorId: settled.userId });
    }
    // A guest's session is unverified (claim `uv`) until the emailed link proves the address: it cannot
    // change billing, enrol two-factor, create API keys or invite. A signed-in user's own checkout: normal.
    const opened = await deps.identity.createSession(settled.userId, { unverified: isGuest });
    return {
      signedIn: true,
      purchase: session.mode === 'payment' ? 'template' : 'subscription',
      user: opened.user,
      sessionId: opened.sessionId,
    };
  });
}
