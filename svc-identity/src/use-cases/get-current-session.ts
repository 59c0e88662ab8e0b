import type { TSessionReader } from '../repositories/sessions.js';
import { hashToken } from '../security/tokens.js';

/**
 * GET /api/auth/me: the user and the organization (with the subscription fields billing reported) of the
 * first presented token that is a live session (one batched, prepared query per token); null when none is.
 */
export async function getCurrentSession(sessions: TSessionReader, presentedTokens: string[]) {
  for (const token of presentedTokens) {
    const view = await sessions.view(hashToken(token));
    if (view) return { ...view, sessionId: token };
  }
  return null;
}
