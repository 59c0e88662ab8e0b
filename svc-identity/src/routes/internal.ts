import { internalAuth, route, type ServiceApp } from '@dealflow/service-kit';
import {
  internalRoutes,
  ZErrorBody,
  ZInternalSessionBody,
  ZInternalSessionResponse,
} from '@dealflow/contracts';
import { z } from 'zod';
import type { TIdentityDeps } from '../deps.js';
import { IdentityError } from '../errors.js';
import { toOrganizationDto, toUserDto } from '../presenters.js';
import { introspectSession } from '../use-cases/introspect-session.js';
import { createSessionForUser } from '../use-cases/create-session-for-user.js';

/** Service-to-service routes (x-internal-token); the gateway never routes /internal/*. */
export function registerInternalRoutes(app: ServiceApp, deps: TIdentityDeps): void {
  const preHandler = internalAuth(deps.config.INTERNAL_API_TOKEN);

  route(
    app,
    internalRoutes.introspectSession,
    async (request) => {
      const result = await introspectSession(deps.sessions, deps.jwt, request.body.token);
      if (!result) throw new IdentityError('NOT_SIGNED_IN', 'Session not found or expired');
      return {
        identityToken: result.jwt,
        jwt: result.jwt,
        expiresAt: result.expiresAt.toISOString(),
        identity: result.identity,
      };
    },
    { preHandler },
  );

  app.post(
    '/internal/sessions',
    {
      preHandler,
      schema: {
        body: ZInternalSessionBody,
        response: { 200: ZInternalSessionResponse, 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => {
      const { user, organization, token } = await createSessionForUser(request.em, deps, request.body.userId);
      return {
        sessionId: token,
        user: toUserDto(user),
        organization: organization ? toOrganizationDto(organization) : null,
      };
    },
  );

  app.get(
    '/internal/public-key',
    {
      preHandler,
      schema: {
        response: {
          200: z.object({ publicKeyPem: z.string(), algorithm: z.literal('ES256'), issuer: z.string() }),
          401: ZErrorBody,
        },
      },
    },
    async () => ({
      publicKeyPem: deps.jwt.publicKeyPem,
      algorithm: 'ES256' as const,
      issuer: 'dealflow-identity',
    }),
  );
}
