import type { TRouter } from '@dealflow/service-kit';
import { identityRoutes } from '@dealflow/contracts';
import type { TActor, TIdentityDeps } from '../deps.js';
import { toOrganizationDto, toUserDto } from '../presenters.js';
import { validateInvitation } from '../use-cases/validate-invitation.js';
import { acceptInvitation } from '../use-cases/accept-invitation.js';

export function invitationRoutes({ route }: TRouter<TActor>, _deps: TIdentityDeps): void {
  route(identityRoutes.validateInvitation, async ({ query, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return validateInvitation(request.em, query.token);
  });

  // Declared `public`, not `session`: a signed-out visitor gets a 401 that carries redirectTo (seed 000),
  // which the kit's one "Not authenticated" answer could not. The rule lives in the use-case.
  route(identityRoutes.acceptInvitation, async ({ actor, query, request, reply }) => {
    const accepted = await acceptInvitation(request.em, actor, query.token);
    if ('redirect' in accepted) return reply.code(401).send(accepted.redirect);
    const { user, organization } = accepted;
    return { success: true as const, user: toUserDto(user), organization: toOrganizationDto(organization) };
  });
}
