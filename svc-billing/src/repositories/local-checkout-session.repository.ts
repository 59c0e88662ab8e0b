import type { EntityManager } from '@mikro-orm/core';
import { readOptions } from '../entities/read-options.js';
import { LocalCheckoutSessionSchema, type LocalCheckoutSession } from '../entities/embedded-payments.js';

/** Creates the session for this idempotency key once; returns the stored one either way. */
export const ensureLocalCheckoutSession = async (
  em: EntityManager,
  session: Omit<
    LocalCheckoutSession,
    'createdAt' | 'status' | 'paymentStatus' | 'subscriptionId' | 'currency' | 'customerName'
  >,
): Promise<LocalCheckoutSession> => {
  await em.upsert(LocalCheckoutSessionSchema, session, {
    onConflictFields: ['idempotencyKey'],
    onConflictAction: 'ignore',
    disableIdentityMap: true,
  });
  return em.findOneOrFail(
    LocalCheckoutSessionSchema,
    { idempotencyKey: session.idempotencyKey },
    { disableIdentityMap: true },
  );
};

export const findLocalCheckoutSession = (
  em: EntityManager,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LocalCheckoutSession | null> =>
  em.findOne(LocalCheckoutSessionSchema, { id }, readOptions(options));

export const markLocalCheckoutComplete = (
  em: EntityManager,
  id: string,
  paymentStatus: LocalCheckoutSession['paymentStatus'],
  subscriptionId: string | null,
  buyer: { customerId: string | null; customerEmail: string | null; customerName: string | null },
) =>
  em.nativeUpdate(
    LocalCheckoutSessionSchema,
    { id },
    { status: 'complete', paymentStatus, subscriptionId, ...buyer },
  );
