import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import { findSessionView } from '../repositories/sessions.js';
import { hashToken } from '../security/tokens.js';
import { NOT_SIGNED_IN_MESSAGE } from '../routes/session-auth.js';

/**
 * GET /api/auth/me: the user and the organization (with the subscription fields billing reported) of the
 * first presented token that is a live session. One query; 401 when none is.
 */
export async function getCurrentSession(em: EntityManager, presentedTokens: string[]) {
  for (const token of presentedTokens) {
    const view = await findSessionView(em, hashToken(token));
    if (view) return { ...view, sessionId: token };
  }
  throw new IdentityError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
}
