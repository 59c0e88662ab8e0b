import type { TJwtSigner } from '../security/jwt.js';
import { isTwoFactorEnrolmentPending, type TSessionReader } from '../repositories/session.queries.js';
import { hashToken, isPlausibleToken } from '../security/tokens.js';
import { isCarriedRightly } from '../security/authenticate.js';

/**
 * Gateway's per-request check: opaque token -> the identity and a 5-minute ES256 JWT for the services.
 * One prepared query (sessions.token_hash joined to users by primary key). null = not signed in.
 */
export async function introspectSession(
  sessions: TSessionReader,
  jwt: TJwtSigner,
  token: string,
  via: 'cookie' | 'bearer',
) {
  if (!isPlausibleToken(token)) return null;
  const session = await sessions.live(hashToken(token));
  if (!session || !isCarriedRightly(session.kind, via)) return null;
  // The organization requires two-factor and this user has not enrolled: no other service serves them yet.
  if (isTwoFactorEnrolmentPending(session)) return null;
  const identity = {
    userId: session.id,
    orgId: session.organization_id,
    role: session.role,
    email: session.email,
    name: session.name,
    sessionId: session.token_hash,
    emailVerified: session.email_verified_at !== null,
  };
  const signed = jwt.sign({
    sub: String(identity.userId),
    org: identity.orgId,
    role: identity.role,
    email: identity.email,
    name: identity.name,
    sid: identity.sessionId,
    ev: identity.emailVerified,
    // The kit's requireVerifiedSession and requireRecentAuthentication read these (issue 20).
    ...(session.unverified ? { uv: true as const } : {}),
    aat: Math.floor(new Date(session.authenticated_at).getTime() / 1000),
  });
  return { jwt: signed.token, expiresAt: signed.expiresAt, identity };
}
