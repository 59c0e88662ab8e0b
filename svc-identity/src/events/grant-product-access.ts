import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload, Topics } from '@dealflow/contracts';
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
