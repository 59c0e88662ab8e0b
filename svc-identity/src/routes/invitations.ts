import { route, type ServiceApp } from '@dealflow/service-kit';
import { identityRoutes } from '@dealflow/contracts';
import type { TIdentityDeps } from '../deps.js';
import { toOrganizationDto, toUserDto } from '../presenters.js';
import { validateInvitation } from '../use-cases/validate-invitation.js';
import { acceptInvitation } from '../use-cases/accept-invitation.js';
import { resolveActor } from './session-auth.js';

export function registerInvitationRoutes(app: ServiceApp, deps: TIdentityDeps): void {
  route(app, identityRoutes.validateInvitation, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return validateInvitation(request.em, request.query.token);
  });

  route(app, identityRoutes.acceptInvitation, async (request, reply) => {
    const actor = await resolveActor(request, deps);
    if (!actor) {
      // Seed 000: a visitor who is not signed in completes the profile with the same token.
      return reply.code(401).send({
        message: 'Please create your account to accept this invitation',
        redirectTo: `/auth/complete-profile?token=${encodeURIComponent(request.query.token)}`,
      });
    }
    const { user, organization } = await acceptInvitation(request.em, actor, request.query.token);
    return { success: true as const, user: toUserDto(user), organization: toOrganizationDto(organization) };
  });
}
