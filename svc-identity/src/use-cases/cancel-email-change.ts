import type { EntityManager } from '@mikro-orm/core';
import type { TEmailStatus } from '@dealflow/contracts';
import type { TActor } from '../deps.js';
import { spendEmailTokens } from '../repositories/email-verification.repository.js';
import { loadActorUser } from './guards.js';
import { toEmailStatus } from './get-email-status.js';

/** Withdraws a pending email change: its link stops working. Idempotent. */
export async function cancelEmailChange(em: EntityManager, actor: TActor): Promise<TEmailStatus> {
  const user = await loadActorUser(em, actor);
  await spendEmailTokens(em, user.id, 'change');
  return toEmailStatus(em, user);
}
