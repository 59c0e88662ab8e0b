import type { EntityManager } from '@mikro-orm/core';
import type { TBillingDeps } from '../deps.js';
import { findLicence, insertLicence } from '../repositories/licence.repository.js';
import { LICENCE_PRODUCT, updatesUntilOf } from '../templates/licence-key.js';

/**
 * The licence of a recorded $50 purchase (issue 20, item 8): signed with billing's Ed25519 key, kept with the
 * purchase, issued once. Called in the transaction that publishes billing.purchase.completed, whose payload
 * carries the key to identity's receipt email.
 */
export async function issueLicence(
  em: EntityManager,
  deps: Pick<TBillingDeps, 'licenceSigner'>,
  purchase: { purchaseId: string; userId: number; buyerEmail: string | null; at?: Date },
) {
  const existing = await findLicence(em, purchase.purchaseId);
  if (existing) return existing;
  const issuedAt = purchase.at ?? new Date();
  const updatesUntil = updatesUntilOf(issuedAt);
  const licenceKey = deps.licenceSigner.sign({
    purchaseId: purchase.purchaseId,
    buyer: { userId: purchase.userId, email: purchase.buyerEmail },
    product: LICENCE_PRODUCT,
    issuedAt: issuedAt.toISOString(),
    updatesUntil: updatesUntil.toISOString(),
  });
  const record = {
    purchaseId: purchase.purchaseId,
    userId: purchase.userId,
    buyerEmail: purchase.buyerEmail,
    product: LICENCE_PRODUCT,
    issuedAt,
    updatesUntil,
    licenceKey,
  };
  await insertLicence(em, record);
  return (await findLicence(em, purchase.purchaseId)) ?? record;
}
