import { LockMode, type EntityManager } from '@mikro-orm/core';
import { LocalCustomerSchema, type LocalCustomer } from '../entities/embedded-payments.js';

/** The embedded provider's customer for this idempotency key, created the first time. */
export const ensureLocalCustomer = async (
  em: EntityManager,
  customer: Omit<LocalCustomer, 'createdAt' | 'clockOffsetSeconds'>,
): Promise<string> => {
  await em.upsert(LocalCustomerSchema, customer, {
    onConflictFields: ['idempotencyKey'],
    onConflictAction: 'ignore',
    disableIdentityMap: true,
  });
  const stored = await em.findOneOrFail(
    LocalCustomerSchema,
    { idempotencyKey: customer.idempotencyKey },
    { disableIdentityMap: true },
  );
  return stored.id;
};

export const findLocalCustomer = (em: EntityManager, id: string, options: { lock?: boolean } = {}) =>
  em.findOne(
    LocalCustomerSchema,
    { id },
    {
      disableIdentityMap: true,
      ...(options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}),
    },
  );

export const setLocalCustomerClock = (em: EntityManager, id: string, clockOffsetSeconds: number) =>
  em.nativeUpdate(LocalCustomerSchema, { id }, { clockOffsetSeconds });
