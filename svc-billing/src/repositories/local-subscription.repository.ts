import { LockMode, type EntityManager } from '@mikro-orm/core';
import { LocalSubscriptionSchema, type LocalSubscription } from '../entities/embedded-payments.js';

export const findLocalSubscription = (em: EntityManager, id: string): Promise<LocalSubscription | null> =>
  em.findOne(LocalSubscriptionSchema, { id }, { disableIdentityMap: true });

export const insertLocalSubscription = (
  em: EntityManager,
  subscription: Omit<LocalSubscription, 'createdAt'> & Partial<Pick<LocalSubscription, 'createdAt'>>,
) => em.insert<LocalSubscription>(LocalSubscriptionSchema, subscription);

export const updateLocalSubscription = (
  em: EntityManager,
  id: string,
  change: Partial<Omit<LocalSubscription, 'id' | 'createdAt'>>,
) =>
  Object.keys(change).length === 0
    ? Promise.resolve(0)
    : em.nativeUpdate(LocalSubscriptionSchema, { id }, change);

/**
 * The customer's subscriptions that a clock can still move (trialing, active, or past_due with an invoice
 * to retry), locked for the caller.
 */
export const findLiveLocalSubscriptionsForUpdate = (em: EntityManager, customerId: string) =>
  em.find(
    LocalSubscriptionSchema,
    { customerId, status: { $in: ['trialing', 'active', 'past_due'] } },
    { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true, orderBy: { createdAt: 'asc' } },
  );

/** Every subscription of the customer (a new card is saved on all of them). */
export const findLocalSubscriptionsOfCustomer = (em: EntityManager, customerId: string) =>
  em.find(LocalSubscriptionSchema, { customerId }, { disableIdentityMap: true });
