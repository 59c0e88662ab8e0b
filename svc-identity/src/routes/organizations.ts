import { route, type ServiceApp } from '@dealflow/service-kit';
import { identityRoutes } from '@dealflow/contracts';
import type { TIdentityDeps } from '../deps.js';
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
import { requireActor } from './session-auth.js';

export function registerOrganizationRoutes(app: ServiceApp, deps: TIdentityDeps): void {
  route(app, identityRoutes.createOrganization, async (request, reply) => {
    const actor = await requireActor(request, deps);
    const { user, organization } = await createOrganization(request.em, actor, request.body);
    return reply.code(201).send({ user: toUserDto(user), organization: toOrganizationDto(organization) });
  });

  // The seed's fallback path: userId, userEmail and bypassAuth in the body are ignored; it acts for the session.
  route(app, identityRoutes.createOrganizationWithContext, async (request, reply) => {
    const actor = await requireActor(request, deps);
    const { name, plan, billingCycle } = request.body;
    const { user, organization } = await createOrganization(request.em, actor, { name, plan, billingCycle });
    return reply.code(201).send({ user: toUserDto(user), organization: toOrganizationDto(organization) });
  });

  route(app, identityRoutes.updateOrganization, async (request) => {
    const actor = await requireActor(request, deps);
    return toOrganizationDto(await updateOrganization(request.em, actor, request.body));
  });

  route(app, identityRoutes.deleteOrganization, async (request) => {
    const actor = await requireActor(request, deps);
    await deleteOrganization(request.em, actor, request.body);
    return { success: true as const, message: 'Organization deleted' };
  });

  route(app, identityRoutes.listMembers, async (request) => {
    const actor = await requireActor(request, deps);
    return (await listMembers(request.em, actor)).map(toMemberDto);
  });

  route(app, identityRoutes.removeMember, async (request) => {
    const actor = await requireActor(request, deps);
    await removeMember(request.em, actor, request.params.id);
    return { success: true as const, message: 'Member removed' };
  });

  route(app, identityRoutes.changeMemberRole, async (request) => {
    const actor = await requireActor(request, deps);
    return toMemberDto(await changeMemberRole(request.em, actor, request.params.id, request.body.role));
  });

  route(app, identityRoutes.listInvitations, async (request) => {
    const actor = await requireActor(request, deps);
    return (await listInvitations(request.em, actor)).map(toInvitationDto);
  });

  route(app, identityRoutes.invite, async (request, reply) => {
    const actor = await requireActor(request, deps);
    const invitation = await inviteMember(request.em, deps, actor, request.body);
    return reply.code(201).send(toInvitationDto(invitation));
  });

  route(app, identityRoutes.revokeInvitation, async (request) => {
    const actor = await requireActor(request, deps);
    await revokeInvitation(request.em, actor, request.params.id);
    return { success: true as const, message: 'Invitation revoked' };
  });

  route(app, identityRoutes.changeInvitationRole, async (request) => {
    const actor = await requireActor(request, deps);
    return toInvitationDto(
      await changeInvitationRole(request.em, actor, request.params.id, request.body.role),
    );
  });
}
