import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { ZBillingCycle, ZPaidPlan } from '@dealflow/contracts';
import type { TBillingDeps } from '../deps.js';
import {
  claimPurchase,
  findCheckoutSession,
  holdCheckoutForClaim,
  markCheckoutCompleted,
  setCheckoutBuyer,
  setCheckoutOrganization,
} from '../repositories/checkout-session.repository.js';
import type { CheckoutSessionRecord } from '../entities/checkout-session.js';
import { publishPurchaseCompleted } from '../repositories/billing.events.js';
import { issueLicence } from './issue-licence.js';
import { setCustomer, ensureOrganization } from '../repositories/organization.repository.js';
import type { TProviderCheckoutSession } from '../providers/payment-provider.js';

/** The emailed link that lets an existing account's owner take a guest purchase made with their address. */
export const CLAIM_LINK_TTL_MS = 7 * 24 * 3600 * 1000;
export const hashClaimToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type TCheckoutDeps = Pick<TBillingDeps, 'identity' | 'config' | 'logger' | 'licenceSigner'>;

/** A guest's checkout: billing created it for nobody (its metadata, which only billing writes, says so). */
export const isGuestCheckout = (session: TProviderCheckoutSession) =>
  session.metadata.guest === '1' && !session.metadata.userId;

/**
 * A guest's checkout was paid with the address the creating browser gave first (issue 20). Only then may that
 * browser be signed in: otherwise the account (made for the address that paid) would open for whoever
 * created the checkout. A record without an expected address (created before it was asked) never matches.
 */
export const paidWithExpectedEmail = (
  record: Pick<CheckoutSessionRecord, 'expectedEmail'>,
  session: TProviderCheckoutSession,
) =>
  record.expectedEmail !== null &&
  session.customerEmail !== null &&
  session.customerEmail.trim().toLowerCase() === record.expectedEmail;

/**
 * A guest's paid purchase: the account of the address given at checkout. A new address gets its account
 * (identity emails a set-password link); an address with an account gets nothing handed over: identity
 * emails its owner a claim link, and the purchase waits (claim-purchase.ts). Returns the buyer, or null.
 */
async function settleGuestBuyer(
  em: EntityManager,
  deps: TCheckoutDeps,
  record: CheckoutSessionRecord,
  session: TProviderCheckoutSession,
): Promise<number | null> {
  if (record.claimTokenHash) return null;
  if (!session.customerEmail) {
    deps.logger.warn({ checkoutSessionId: session.id }, 'guest checkout completed without an email');
    return null;
  }
  const token = randomBytes(32).toString('base64url');
  const answer = await deps.identity.provisionBuyer({
    email: session.customerEmail,
    ...(session.customerName ? { name: session.customerName } : {}),
    checkoutSessionId: session.id,
    claimUrl: `${deps.config.PUBLIC_URL}/checkout/complete?claim=${token}`,
    purchase: session.mode === 'subscription' ? 'subscription' : 'licence',
  });
  if (!answer.created) {
    await holdCheckoutForClaim(em, session.id, {
      buyerEmail: session.customerEmail,
      claimTokenHash: hashClaimToken(token),
      claimExpiresAt: new Date(Date.now() + CLAIM_LINK_TTL_MS),
      claimUserId: answer.userId,
    });
    return null;
  }
  await setCheckoutBuyer(em, session.id, answer.userId);
  return answer.userId;
}

/**
 * A guest subscriber's organization: the one identity says the buyer owns (a new one for a new account), never
 * one billing or the browser picks. Billing records it with the provider's customer, so that the subscription
 * (whose metadata names no organization) finds it by customer (apply-subscription.ts). Returns the orgId.
 */
export async function attachGuestSubscription(
  em: EntityManager,
  deps: Pick<TBillingDeps, 'identity'>,
  record: Pick<CheckoutSessionRecord, 'id' | 'plan' | 'billingCycle'>,
  buyerId: number,
  customerId: string,
): Promise<number> {
  const owned = await deps.identity.ensureBuyerOrganization({
    userId: buyerId,
    plan: ZPaidPlan.parse(record.plan),
    billingCycle: ZBillingCycle.parse(record.billingCycle),
  });
  await ensureOrganization(em, { orgId: owned.orgId, ownerId: buyerId });
  await setCustomer(em, owned.orgId, customerId);
  await setCheckoutOrganization(em, record.id, owned.orgId);
  return owned.orgId;
}

/**
 * A checkout the provider reports complete: remember it, attach the customer, settle a guest's account, and
 * for the one-time purchase publish billing.purchase.completed exactly once (webhook and auto-login may both
 * get here; the record's row lock orders them).
 */
export async function completeCheckout(
  em: EntityManager,
  session: TProviderCheckoutSession,
  deps: TCheckoutDeps,
): Promise<void> {
  if (session.status !== 'complete') return;
  const record = await findCheckoutSession(em, session.id, { lock: true });
  if (!record) return;
  const isGuest = isGuestCheckout(session);
  // Only sessions billing created count; metadata must agree with what billing recorded.
  if (!isGuest && session.metadata.userId !== String(record.userId)) return;
  // Paid with another address than the one locked: the purchase is kept for the address that paid (its
  // account is reached through the emailed link); the auto-login signs nobody in (auto-login.ts).
  if (isGuest && !record.completedAt && !paidWithExpectedEmail(record, session)) {
    deps.logger.warn(
      { checkoutSessionId: session.id },
      'guest checkout paid with another address than the one given first: no sign-in, emailed link only',
    );
  }
  await markCheckoutCompleted(em, session.id);
  if (record.orgId && session.customerId) {
    const org = await ensureOrganization(em, { orgId: record.orgId });
    if (!org.stripeCustomerId) await setCustomer(em, record.orgId, session.customerId);
  }
  // A guest's subscription: the buyer's account, then the organization they own, then the customer on it.
  if (isGuest && session.mode === 'subscription' && session.subscriptionId && session.customerId) {
    const buyerId = record.userId ?? (await settleGuestBuyer(em, deps, record, session));
    if (buyerId !== null && record.orgId === null) {
      await attachGuestSubscription(em, deps, record, buyerId, session.customerId);
    }
    return;
  }
  const isPaidPurchase = session.mode === 'payment' && session.paymentStatus === 'paid';
  if (!isPaidPurchase) return;
  // A guest's account is settled once (record.userId set, or a claim waiting); later calls find it.
  const buyerId =
    isGuest && record.userId === null ? await settleGuestBuyer(em, deps, record, session) : record.userId;
  if (buyerId === null) return;
  if (await claimPurchase(em, session.id)) {
    const licence = await issueLicence(em, deps, {
      purchaseId: session.id,
      userId: buyerId,
      buyerEmail: session.customerEmail ?? record.buyerEmail,
    });
    publishPurchaseCompleted(em, {
      orgId: record.orgId,
      userId: buyerId,
      checkoutSessionId: session.id,
      amountTotal: session.amountTotal ?? 0,
      currency: session.currency ?? 'usd',
      licence: { licenceKey: licence.licenceKey, updatesUntil: licence.updatesUntil.toISOString() },
    });
  }
}
