import type { EntityManager } from '@mikro-orm/core';
import { readOptions } from '../entities/read-options.js';
import { CheckoutSessionSchema, type CheckoutSessionRecord } from '../entities/checkout-session.js';

export const insertCheckoutSession = (
  em: EntityManager,
  record: Pick<
    CheckoutSessionRecord,
    'id' | 'orgId' | 'userId' | 'mode' | 'plan' | 'billingCycle' | 'browserKeyHash'
  > &
    Partial<Pick<CheckoutSessionRecord, 'expectedEmail'>>,
) =>
  em.upsert(CheckoutSessionSchema, record, {
    onConflictFields: ['id'],
    onConflictAction: 'ignore',
    disableIdentityMap: true,
  });

export const findCheckoutSession = (
  em: EntityManager,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CheckoutSessionRecord | null> => em.findOne(CheckoutSessionSchema, { id }, readOptions(options));

export const markCheckoutCompleted = (em: EntityManager, id: string) =>
  em.nativeUpdate(CheckoutSessionSchema, { id, completedAt: null }, { completedAt: new Date() });

/** Single use: true only for the first caller. */
export const claimCheckoutForLogin = async (em: EntityManager, id: string) =>
  (await em.nativeUpdate(CheckoutSessionSchema, { id, loginUsedAt: null }, { loginUsedAt: new Date() })) ===
  1;

/** The one-time purchase is recorded once, whichever of webhook and auto-login sees it first. */
export const claimPurchase = async (em: EntityManager, id: string) =>
  (await em.nativeUpdate(
    CheckoutSessionSchema,
    { id, purchaseRecordedAt: null },
    { purchaseRecordedAt: new Date() },
  )) === 1;

/** A guest's paid checkout belongs to the account created for its address. */
export const setCheckoutBuyer = (em: EntityManager, id: string, userId: number) =>
  em.nativeUpdate(CheckoutSessionSchema, { id, userId: null }, { userId });

/** A guest's subscription belongs to the organization identity gave its buyer (set once). */
export const setCheckoutOrganization = (em: EntityManager, id: string, orgId: number) =>
  em.nativeUpdate(CheckoutSessionSchema, { id, orgId: null }, { orgId });

/** A guest's paid checkout whose address has an account: it waits for the owner's confirmation. */
export const holdCheckoutForClaim = (
  em: EntityManager,
  id: string,
  input: { buyerEmail: string; claimTokenHash: string; claimExpiresAt: Date; claimUserId: number },
) => em.nativeUpdate(CheckoutSessionSchema, { id, userId: null, claimTokenHash: null }, input);

export const findCheckoutByClaimToken = (em: EntityManager, claimTokenHash: string) =>
  em.findOne(CheckoutSessionSchema, { claimTokenHash }, readOptions({ lock: true }));

/**
 * Single use: the token is spent as the purchase is linked. The checkout's auto-login is spent too: the
 * guest's browser must never sign in to the account the purchase was linked to.
 */
export const linkClaimedCheckout = async (em: EntityManager, id: string, userId: number) =>
  (await em.nativeUpdate(
    CheckoutSessionSchema,
    { id, userId: null, claimTokenHash: { $ne: null } },
    { userId, claimTokenHash: null, claimExpiresAt: null, claimUserId: null, loginUsedAt: new Date() },
  )) === 1;
