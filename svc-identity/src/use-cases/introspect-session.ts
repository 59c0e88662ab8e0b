import type { TJwtSigner } from '../security/jwt.js';
import type { TSessionReader } from '../repositories/session.queries.js';
import { hashToken, isPlausibleToken } from '../security/tokens.js';

/**
 * Gateway's per-request check: opaque token -> the identity and a 5-minute ES256 JWT for the services.
 * One prepared query (sessions.token_hash joined to users by primary key). null = not signed in.
 */
export async function introspectSession(sessions: TSessionReader, jwt: TJwtSigner, token: string) {
  if (!isPlausibleToken(token)) return null;
  const session = await sessions.live(hashToken(token));
  if (!session) return null;
  const identity = {
    userId: session.id,
    orgId: session.organization_id,
    role: session.role,
    email: session.email,
    name: session.name,
    sessionId: session.token_hash,
  };
  const signed = jwt.sign({
    sub: String(identity.userId),
    org: identity.orgId,
    role: identity.role,
    email: identity.email,
    name: identity.name,
    sid: identity.sessionId,
  });
  return { jwt: signed.token, expiresAt: signed.expiresAt, identity };
}
