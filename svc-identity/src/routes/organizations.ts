import type { TRouter } from '@dealflow/service-kit';
import { identityRoutes } from '@dealflow/contracts';
import type { TActor, TIdentityDeps } from '../deps.js';
import { toInvitationDto, toMemberDto, toOrganizationDto, toUserDto } from '../presenters.js';
import { createOrganization } from '../use-cases/create-organization.js';
import { updateOrganization } from '../use-cases/update-organization.js';
import { deleteOrganization } from '../use-cases/delete-organization.js';
import { listMembers } from '../use-cases/list-members.js';
import { removeMember } from '../use-cases/remove-member.js';
import { changeMemberRole } from '../use-cases/change-member-role.js';
import { listInvitations } from '../use-cases/list-invitations.js';
import { inviteMember } from '../use-cases/invite-member.js';
import { revokeInvitation } from '../use-cases/revoke-invitation.js';
import { changeInvitationRole } from '../use-cases/change-invitation-role.js';
import { requestMeta } from './session-cookie.js';

export function organizationRoutes({ route }: TRouter<TActor>, deps: TIdentityDeps): void {
  route(identityRoutes.createOrganization, async ({ actor, body, request, reply }) => {
    const { user, organization } = await createOrganization(request.em, actor, body);
    return reply.code(201).send({ user: toUserDto(user), organization: toOrganizationDto(organization) });
  });

  // The seed's fallback path: userId, userEmail and bypassAuth in the body are ignored; it acts for the session.
  route(identityRoutes.createOrganizationWithContext, async ({ actor, body, request, reply }) => {
    const { name, plan, billingCycle } = body;
    const { user, organization } = await createOrganization(request.em, actor, { name, plan, billingCycle });
    return reply.code(201).send({ user: toUserDto(user), organization: toOrganizationDto(organization) });
  });

  route(identityRoutes.updateOrganization, async ({ actor, body, request }) =>
    toOrganizationDto(await updateOrganization(request.em, actor, body)),
  );

  route(identityRoutes.deleteOrganization, async ({ actor, body, request }) => {
    await deleteOrganization(request.em, deps, actor, body, requestMeta(request, deps.config));
    return { success: true as const, message: 'Organization deleted' };
  });

  route(identityRoutes.listMembers, async ({ actor, request }) =>
    (await listMembers(request.em, actor)).map(toMemberDto),
  );

  route(identityRoutes.removeMember, async ({ actor, params, request }) => {
    await removeMember(request.em, actor, params.id);
    return { success: true as const, message: 'Member removed' };
  });

  route(identityRoutes.changeMemberRole, async ({ actor, body, params, request }) =>
    toMemberDto(await changeMemberRole(request.em, actor, params.id, body.role)),
  );

  route(identityRoutes.listInvitations, async ({ actor, request }) =>
    (await listInvitations(request.em, actor)).map(toInvitationDto),
  );

  route(identityRoutes.invite, async ({ actor, body, request, reply }) => {
    const invitation = await inviteMember(request.em, deps, actor, body);
    return reply.code(201).send(toInvitationDto(invitation));
  });

  route(identityRoutes.revokeInvitation, async ({ actor, params, request }) => {
    await revokeInvitation(request.em, actor, params.id);
    return { success: true as const, message: 'Invitation revoked' };
  });

  route(identityRoutes.changeInvitationRole, async ({ actor, body, params, request }) =>
    toInvitationDto(await changeInvitationRole(request.em, actor, params.id, body.role)),
  );
}
