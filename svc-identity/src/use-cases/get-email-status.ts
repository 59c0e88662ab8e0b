import type { EntityManager } from '@mikro-orm/core';
import type { TEmailStatus } from '@dealflow/contracts';
import type { TActor } from '../deps.js';
import type { IUser } from '../entities/user.js';
import { findPendingEmailChange } from '../repositories/email-verification.repository.js';
import { loadActorUser } from './guards.js';

export async function toEmailStatus(em: EntityManager, user: IUser): Promise<TEmailStatus> {
  const pending = await findPendingEmailChange(em, user.id);
  return {
    email: user.email,
    verified: user.emailVerifiedAt !== null,
    verifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
    pendingEmail: pending?.email ?? null,
    pendingExpiresAt: pending?.expiresAt.toISOString() ?? null,
  };
}

/** The caller's address, whether it is verified, and the change waiting for its link (Settings). */
export async function getEmailStatus(em: EntityManager, actor: TActor): Promise<TEmailStatus> {
  return toEmailStatus(em, await loadActorUser(em, actor));
}
