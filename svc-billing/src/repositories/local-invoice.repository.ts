import type { EntityManager } from '@mikro-orm/core';
import { LocalInvoiceSchema, type LocalInvoice } from '../entities/embedded-payments.js';

export const findLocalInvoice = (em: EntityManager, id: string): Promise<LocalInvoice | null> =>
  em.findOne(LocalInvoiceSchema, { id }, { disableIdentityMap: true });

/** Newest first, as Stripe lists them. */
export const findLocalInvoicesOfCustomer = (em: EntityManager, customerId: string): Promise<LocalInvoice[]> =>
  em.find(
    LocalInvoiceSchema,
    { customerId },
    { orderBy: { created: 'desc', number: 'desc' }, limit: 100, disableIdentityMap: true },
  );

export const countLocalInvoicesOfCustomer = (em: EntityManager, customerId: string): Promise<number> =>
  em.count(LocalInvoiceSchema, { customerId });

export const insertLocalInvoice = (em: EntityManager, invoice: LocalInvoice) =>
  em.insert<LocalInvoice>(LocalInvoiceSchema, invoice);

/** The subscription's open (unpaid) invoice, the newest one: what a retry charges. */
export const findOpenLocalInvoiceOfSubscription = (
  em: EntityManager,
  subscriptionId: string,
): Promise<LocalInvoice | null> =>
  em.findOne(
    LocalInvoiceSchema,
    { subscriptionId, status: 'open' },
    { orderBy: { created: 'desc' }, disableIdentityMap: true },
  );

export const updateLocalInvoice = (
  em: EntityManager,
  id: string,
  change: Partial<
    Pick<LocalInvoice, 'status' | 'amountPaid' | 'paidAt' | 'attemptCount' | 'nextPaymentAttempt'>
  >,
) => em.nativeUpdate(LocalInvoiceSchema, { id }, change);
