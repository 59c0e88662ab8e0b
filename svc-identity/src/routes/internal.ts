import type { TRouter } from '@dealflow/service-kit';
import { ApiKeyMessages, identityRoutes } from '@dealflow/contracts';
import type { TActor, TIdentityDeps } from '../deps.js';
import { IdentityError } from '../errors.js';
import { toOrganizationDto, toUserDto } from '../presenters.js';
import { JWT_ISSUER } from '../security/jwt.js';
import { introspectSession } from '../use-cases/introspect-session.js';
import { introspectApiKey, isApiKeyToken } from '../use-cases/introspect-api-key.js';
import { createSessionForUser } from '../use-cases/create-session-for-user.js';
import { createBuyerAccount } from '../use-cases/create-buyer-account.js';
import { ensureBuyerOrganization } from '../use-cases/ensure-buyer-organization.js';
import { listMemberships } from '../use-cases/list-memberships.js';

/** Service-to-service routes (`auth: 'internal'`, x-internal-token); the gateway never routes /internal/*. */
export function internalRoutes({ route }: TRouter<TActor>, deps: TIdentityDeps): void {
  route(identityRoutes.introspectSession, async ({ body, request }) => {
    // Organization API keys (`dfk_...`): never a session; a valid key of a non-Pro organization hears 403 (PLAN_REQUIRED).
    if (isApiKeyToken(body.token)) {
      const key = await introspectApiKey(request.em, deps.jwt, body.token, body.via, body.ip);
      if (key.kind === 'plan') throw new IdentityError('PLAN_REQUIRED', ApiKeyMessages.proRequired);
      if (key.kind === 'refused') throw new IdentityError('UNAUTHORIZED', 'API key not found or revoked');
      return {
        identityToken: key.jwt,
        jwt: key.jwt,
        expiresAt: key.expiresAt.toISOString(),
        identity: key.identity,
      };
    }
    const result = await introspectSession(deps.sessions, deps.jwt, body.token, body.via);
    if (!result) throw new IdentityError('UNAUTHORIZED', 'Session not found or expired');
    return {
      identityToken: result.jwt,
      jwt: result.jwt,
      expiresAt: result.expiresAt.toISOString(),
      identity: result.identity,
    };
  });

  route(identityRoutes.createSession, async ({ body, request }) => {
    const { user, organization, token } = await createSessionForUser(request.em, deps, body.userId, {
      unverified: body.unverified,
    });
    return {
      sessionId: token,
      user: toUserDto(user),
      organization: organization ? toOrganizationDto(organization) : null,
    };
  });

  route(identityRoutes.provisionBuyer, async ({ body, request }) => {
    const { userId, created } = await createBuyerAccount(request.em, deps, body);
    return { userId, created };
  });

  route(identityRoutes.buyerOrganization, ({ body, request }) => ensureBuyerOrganization(request.em, body));

  route(identityRoutes.memberships, ({ query, request }) => listMemberships(request.em, query));

  route(identityRoutes.publicKey, async () => ({
    publicKeyPem: deps.jwt.publicKeyPem,
    algorithm: 'ES256' as const,
    issuer: JWT_ISSUER,
  }));
}
