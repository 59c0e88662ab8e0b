import type { EntityManager } from '@mikro-orm/core';
import { WebhookTokenSchema } from '../entities/webhook-token.js';

/**
 * Records a provider's one-time token; false when it was seen before (a replay). Tokens older than a day are
 * dropped on the way: a replay that old already fails the timestamp check.
 */
export async function claimWebhookToken(em: EntityManager, token: string): Promise<boolean> {
  await em.nativeDelete(WebhookTokenSchema, { seenAt: { $lt: new Date(Date.now() - 24 * 3600_000) } });
  const inserted = (await em
    .getConnection()
    .execute(
      'INSERT INTO webhook_tokens (token, seen_at) VALUES (?, ?) ON CONFLICT (token) DO NOTHING RETURNING token',
      [token, new Date()],
      'all',
      em.getTransactionContext(),
    )) as unknown[];
  return inserted.length === 1;
}
