import type { TUser, TOrganization } from '@dealflow/contracts';
import type { IUser } from './entities/user.js';
import type { IOrganization } from './entities/organization.js';
import type { IInvitation } from './entities/invitation.js';

/** Entity -> wire shape (contracts). Password hashes, token hashes and Google ids never leave the service. */
export const toUserDto = (user: IUser): TUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  profilePicture: user.profilePicture,
  organizationId: user.organizationId,
  digitalProductAccess: user.digitalProductAccess,
  emailVerified: user.emailVerifiedAt !== null,
  createdAt: user.createdAt.toISOString(),
});

export const toOrganizationDto = (org: IOrganization): TOrganization => ({
  id: org.id,
  name: org.name,
  ownerId: org.ownerId,
  plan: org.plan,
  billingCycle: org.billingCycle,
  subscriptionStatus: org.subscriptionStatus,
  subscriptionQuantity: org.subscriptionQuantity,
  stripeCustomerId: org.stripeCustomerId,
  stripeSubscriptionId: org.stripeSubscriptionId,
  trialEndsAt: org.trialEndsAt ? org.trialEndsAt.toISOString() : null,
  createdAt: org.createdAt.toISOString(),
});

/** The session's user and organization; the token itself goes only into the HttpOnly cookie. */
export const toSessionDto = (user: IUser, organization: IOrganization | null) => ({
  user: toUserDto(user),
  organization: organization ? toOrganizationDto(organization) : null,
});

export const toMemberDto = (user: IUser) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  createdAt: user.createdAt.toISOString(),
});

export const toInvitationDto = (invitation: IInvitation) => ({
  id: invitation.id,
  name: invitation.name,
  email: invitation.email,
  role: invitation.role,
  createdAt: invitation.createdAt.toISOString(),
  expiresAt: invitation.expiresAt.toISOString(),
});
