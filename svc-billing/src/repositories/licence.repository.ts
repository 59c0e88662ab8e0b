import type { EntityManager } from '@mikro-orm/core';
import { LicenceSchema, type LicenceRecord } from '../entities/licence.js';

/** The purchase's licence, once: a second call (webhook and auto-login both) keeps the first. */
export const insertLicence = (em: EntityManager, record: LicenceRecord) =>
  em.upsert(LicenceSchema, record, {
    onConflictFields: ['purchaseId'],
    onConflictAction: 'ignore',
    disableIdentityMap: true,
  });

export const findLicence = (em: EntityManager, purchaseId: string) =>
  em.findOne(LicenceSchema, { purchaseId }, { disableIdentityMap: true });

/** The buyer's licences, first purchase first. */
export const findLicencesOfUser = (em: EntityManager, userId: number) =>
  em.find(LicenceSchema, { userId }, { orderBy: { issuedAt: 'asc' }, disableIdentityMap: true });
