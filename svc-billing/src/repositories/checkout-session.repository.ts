import type { EntityManager } from '@mikro-orm/core';
import { readOptions } from '../entities/read-options.js';
import { CheckoutSessionSchema, type CheckoutSessionRecord } from '../entities/checkout-session.js';

export const insertCheckoutSession = (
  em: EntityManager,
  record: Pick<CheckoutSessionRecord, 'id' | 'orgId' | 'userId' | 'mode' | 'plan' | 'billingCycle'>,
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
