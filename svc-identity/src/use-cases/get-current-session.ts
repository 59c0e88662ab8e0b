import type { SqlReader } from '@dealflow/service-kit';
import { findSessionView } from '../repositories/sessions.js';
import { hashToken } from '../security/tokens.js';

/**
 * GET /api/auth/me: the user and the organization (with the subscription fields billing reported) of the
 * first presented token that is a live session (one prepared query per token); null when none is.
 */
export async function getCurrentSession(sql: SqlReader, presentedTokens: string[]) {
  for (const token of presentedTokens) {
    const view = await findSessionView(sql, hashToken(token));
    if (view) return { ...view, sessionId: token };
  }
  return null;
}
