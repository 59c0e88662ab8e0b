import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor, TRequestMeta } from '../deps.js';
import { loadActorUser } from './guards.js';
import { confirmSessionPassword, type TPasswordCheckDeps } from './confirm-password.js';

/**
 * The password entered again (issue 20): on the sign-in throttle, then this session's authenticated_at is now,
 * so for REAUTH_WINDOW_MS it may enrol two-factor, create API keys and reveal the webhook secret (claim `aat`;
 * the gateway drops its cached answer for this session after any write to identity). An account without a
 * password (Google only) re-authenticates by signing in again, which sets the same mark.
 */
export async function reauthenticate(
  em: EntityManager,
  deps: TPasswordCheckDeps,
  actor: TActor,
  input: { password: string },
  meta: TRequestMeta,
): Promise<void> {
  const user = await loadActorUser(em.fork(), actor);
  if (!user.passwordHash) throw new IdentityError('NO_PASSWORD', REAUTH_NO_PASSWORD_MESSAGE);
  await confirmSessionPassword(em, deps, actor, user, input.password, meta);
}

export const REAUTH_NO_PASSWORD_MESSAGE =
  'Your account has no password: sign out and sign in again with Google to continue.';
