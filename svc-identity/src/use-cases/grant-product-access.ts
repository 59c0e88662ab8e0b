import type { EntityManager } from '@mikro-orm/core';
import type { ConsumerContext } from '@dealflow/service-kit';
import type { TEventOf, Topics } from '@dealflow/contracts';
import { findUserById } from '../repositories/user.repository.js';

/**
 * billing.purchase.completed -> the buyer's digitalProductAccess (the only way it is ever set). Runs in the
 * consumer's transaction with its inbox row: a redelivered event changes nothing.
 */
export async function grantProductAccess(
  em: EntityManager,
  { data, occurredAt }: Pick<TEventOf<typeof Topics.purchaseCompleted>, 'data' | 'occurredAt'>,
  { logger }: Pick<ConsumerContext, 'logger'>,
): Promise<boolean> {
  const user = await findUserById(em, data.userId);
  if (!user) {
    logger.info({ userId: data.userId }, 'purchase for an unknown user ignored');
    return false;
  }
  user.digitalProductAccess = true;
  user.stripeCheckoutId = data.checkoutSessionId;
  user.purchaseDate = new Date(occurredAt);
  await em.flush();
  return true;
}
