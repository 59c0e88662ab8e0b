import type { EntityManager } from '@mikro-orm/core';
import { safeEqual } from '@dealflow/service-kit';
import type { TJwtSigner } from '../security/jwt.js';
import { findApiKeyCredential } from '../repositories/api-key.queries.js';
import { API_KEY_PATTERN, hashApiKey } from './create-api-key.js';
import { hasApiAccess } from './api-key-plan.js';
import { recordApiKeyUse } from './record-api-key-use.js';

/** Whether a presented token is shaped like one of our API keys (it is never a session then). */
export const isApiKeyToken = (token: string) => token.startsWith('dfk_');

export type TApiKeyIntrospection =
  | { kind: 'refused' }
  | { kind: 'plan' }
  | {
      kind: 'ok';
      jwt: string;
      expiresAt: Date;
      identity: {
        userId: number;
        orgId: number;
        role: 'member';
        email: string;
        name: string;
        sessionId: string;
        apiKey: { id: string; scope: 'read' | 'write' };
      };
    };

/**
 * The gateway's question about an `Authorization: Bearer dfk_live_...`: a live key of a Pro organization
 * becomes an actor of that organization with kind `api_key` and the key's scope (the services' route()
 * admits it only where the contract says `apiKey`). It acts as a member, never an owner, in the name of
 * the owner who created it. A key is only ever a Bearer, never a cookie.
 */
export async function introspectApiKey(
  em: EntityManager,
  jwt: TJwtSigner,
  token: string,
  via: 'cookie' | 'bearer',
  ip?: string,
): Promise<TApiKeyIntrospection> {
  const match = API_KEY_PATTERN.exec(token);
  if (!match || via !== 'bearer') return { kind: 'refused' };
  const credential = await findApiKeyCredential(em, match[1]!);
  // Compared in constant time even when the id is unknown, so timing tells nothing about the secret.
  const matches = safeEqual(hashApiKey(token), credential?.secret_hash ?? '');
  if (!credential || !matches || credential.revoked_at !== null) return { kind: 'refused' };
  if (!hasApiAccess({ plan: credential.plan, subscriptionStatus: credential.subscription_status }))
    return { kind: 'plan' };
  await recordApiKeyUse(em, {
    keyId: credential.id,
    publicId: credential.public_id,
    organizationId: credential.organization_id,
    name: credential.name,
    scope: credential.scope,
    ip,
  });
  const identity = {
    userId: credential.acting_user_id,
    orgId: credential.organization_id,
    role: 'member' as const,
    email: '',
    name: `API key ${credential.name}`,
    sessionId: `api_key:${credential.public_id}`,
    apiKey: { id: credential.public_id, scope: credential.scope },
  };
  const signed = jwt.sign({
    sub: String(identity.userId),
    org: identity.orgId,
    role: identity.role,
    email: identity.email,
    name: identity.name,
    sid: identity.sessionId,
    kind: 'api_key',
    kid: credential.public_id,
    scope: credential.scope,
  });
  return { kind: 'ok', jwt: signed.token, expiresAt: signed.expiresAt, identity };
}
