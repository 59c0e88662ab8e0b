import type { EntityManager } from '@mikro-orm/core';
import { defineConsumer } from '@dealflow/service-kit';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import { UserSchema } from '../entities/user.js';

/** billing.purchase.completed -> the buyer's digitalProductAccess (the only way it is ever set). */
export async function grantProductAccess(
  em: EntityManager,
  data: TEventPayload<typeof Topics.purchaseCompleted>,
  occurredAt: string,
): Promise<boolean> {
  const user = await em.findOne(UserSchema, { id: data.userId });
  if (!user) return false;
  user.digitalProductAccess = true;
  user.stripeCheckoutId = data.checkoutSessionId;
  user.purchaseDate = new Date(occurredAt);
  await em.flush();
  return true;
}

/** Runs in one transaction with its inbox row: a redelivered event changes nothing. */
export const grantProductAccessConsumer = defineConsumer(
  Topics.purchaseCompleted,
  async (event, { em, logger }) => {
    const applied = await grantProductAccess(em, event.data, event.occurredAt);
    if (!applied) logger.info({ userId: event.data.userId }, 'purchase for an unknown user ignored');
  },
);
