import type { EntityManager } from '@mikro-orm/core';
import { requireVerifiedSession } from '@dealflow/service-kit';
import type { TRole } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import type { TActor, TIdentityDeps } from '../deps.js';
import { InvitationSchema } from '../entities/invitation.js';
import { findUserByEmail } from '../repositories/user.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { createOpaqueToken, hashToken } from '../security/tokens.js';
import { renderInvitationEmail } from '../emails/templates.js';
import { loadOwnerOrganization } from './guards.js';

export const INVITATION_TTL_MS = 7 * 86_400_000;

/**
 * Owner invites a person by email: a 7-day single-use token, stored hashed, emailed as
 * `${PUBLIC_URL}/accept-invitation?token=...`. Inviting the same email again replaces the pending
 * invitation (a resend). When the email cannot be sent the invitation is withdrawn and the owner told.
 */
export async function inviteMember(
  em: EntityManager,
  deps: TIdentityDeps,
  actor: TActor,
  input: { name: string; email: string; role: TRole },
) {
  requireVerifiedSession(actor);
  const email = input.email.trim().toLowerCase();
  const token = createOpaqueToken();
  const { invitation, inviter, organization } = await em.transactional(async (tx) => {
    const { user, organization } = await loadOwnerOrganization(tx, actor);
    // Invitations go out under the owner's name: only from an address that is proven (issue 15).
    if (!user.emailVerifiedAt) throw new IdentityError('EMAIL_NOT_VERIFIED');
    const existingUser = await findUserByEmail(tx, email);
    if (existingUser?.organizationId === organization.id) {
      throw new IdentityError('CONFLICT', 'This person is already a member of your organization');
    }
    await tx.nativeUpdate(
      InvitationSchema,
      { organizationId: organization.id, email, status: 'pending' },
      { status: 'revoked' },
    );
    const invitation = tx.create(InvitationSchema, {
      email,
      name: input.name,
      organizationId: organization.id,
      invitedById: user.id,
      tokenHash: hashToken(token),
      role: input.role,
      status: 'pending',
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      acceptedAt: null,
      createdAt: new Date(),
    });
    logActivity(tx, {
      userId: user.id,
      organizationId: organization.id,
      activityType: 'invitation_sent',
      target: { type: 'invitation', id: invitation.id, label: email },
      description: `${user.name} invited ${email} as ${input.role}`,
      metadata: { email, role: input.role },
    });
    return { invitation, inviter: user, organization };
  });

  const link = `${deps.config.PUBLIC_URL}/accept-invitation?token=${encodeURIComponent(token)}`;
  const content = renderInvitationEmail({
    inviterName: inviter.name,
    organizationName: organization.name,
    role: invitation.role,
    link,
    expiresAt: invitation.expiresAt,
  });
  try {
    await deps.mailer.send(email, content, 'invitation');
  } catch (error) {
    deps.logger.error(
      { err: error, kind: 'invitation', invitationId: invitation.id },
      'invitation email failed',
    );
    await em.fork().nativeUpdate(InvitationSchema, { id: invitation.id }, { status: 'revoked' });
    throw new IdentityError(
      'EMAIL_FAILED',
      'The invitation email could not be sent. Please try again later.',
    );
  }
  return invitation;
}
