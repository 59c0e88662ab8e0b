import type { EntityManager } from '@mikro-orm/core';
import { LocalSubscriptionSchema, type LocalSubscription } from '../entities/embedded-payments.js';

export const findLocalSubscription = (em: EntityManager, id: string): Promise<LocalSubscription | null> =>
  em.findOne(LocalSubscriptionSchema, { id }, { disableIdentityMap: true });

export const insertLocalSubscription = (
  em: EntityManager,
  subscription: Omit<LocalSubscription, 'createdAt'>,
) => em.insert<LocalSubscription>(LocalSubscriptionSchema, subscription);

export const updateLocalSubscription = (
  em: EntityManager,
  id: string,
  change: Partial<Pick<LocalSubscription, 'quantity' | 'priceId' | 'cancelAtPeriodEnd' | 'status'>>,
) =>
  Object.keys(change).length === 0
    ? Promise.resolve(0)
    : em.nativeUpdate(LocalSubscriptionSchema, { id }, change);
