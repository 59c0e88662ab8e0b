import { z } from 'zod';
import { ZErrorBody, ZBillingCycle, ZId, ZPaidPlan, ZPlan, ZRole, ZSubscriptionStatus } from './common.js';
import { defineRoutes } from './http.js';
import {
  ZIntrospectSessionBody,
  ZIntrospectSessionResponse,
  ZProvisionBuyerBody,
  ZProvisionBuyerResponse,
  ZBuyerOrganizationBody,
  ZBuyerOrganizationResponse,
  ZMembershipsQuery,
  ZMembershipsResponse,
} from './internal.js';

// Seed 000 section 5 and seed 001 section 5: messages are part of the contract.
export const Messages = {
  invalidEmail: 'Please enter a valid email address.',
  passwordMin: 'Password must be at least 8 characters.',
  newPasswordMin: 'New password must be at least 8 characters.',
  confirmPasswordMin: 'Confirm password must be at least 8 characters.',
  passwordsDontMatch: "Passwords don't match",
  nameMin: 'Name must be at least 2 characters',
  inviteNameMin: 'Name must be at least 2 characters.',
  orgNameMin: 'Organization name must be at least 2 characters',
  orgNameMinSettings: 'Organization name must be at least 2 characters.',
  orgNameMax: 'Organization name must be at most 100 characters',
} as const;

const email = z
  .email({ error: Messages.invalidEmail })
  .max(254)
  .transform((v) => v.trim().toLowerCase());
const password = z.string().min(8, Messages.passwordMin).max(256);
const personName = z.string().trim().min(2, Messages.nameMin).max(100);
const orgName = z.string().trim().min(2, Messages.orgNameMin).max(100, Messages.orgNameMax);

export const ZUser = z.object({
  id: ZId,
  name: z.string(),
  email: z.string(),
  role: ZRole,
  profilePicture: z.string().nullable(),
  organizationId: ZId.nullable(),
  digitalProductAccess: z.boolean(),
  /** The address was proven (a verification or invitation link followed, or Google said so). */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZOrganization = z.object({
  id: ZId,
  name: z.string(),
  ownerId: ZId,
  plan: ZPlan,
  billingCycle: ZBillingCycle.nullable(),
  subscriptionStatus: ZSubscriptionStatus.nullable(),
  subscriptionQuantity: z.number().int(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TOrganization = z.infer<typeof ZOrganization>;

/**
 * GET /api/auth/me, login, register and complete-profile answers. The session token itself travels only
 * in the HttpOnly `df_session` cookie: never in a body or a URL, so page scripts cannot read it.
 */
export const ZSession = z.object({
  user: ZUser,
  organization: ZOrganization.nullable(),
  /**
   * The organization requires two-factor sign-in and this user has not set it up: every API call but
   * /me, logout and the enrolment routes is refused until they do (the app shows the enrolment screen).
   */
  twoFactorEnrolmentRequired: z.boolean().optional(),
});
export type TSession = z.infer<typeof ZSession>;

/**
 * A correct password (or Google sign-in) for an account with two-factor sign-in: no session yet. The
 * challenge travels in an HttpOnly cookie; POST /api/auth/two-factor with a code completes the sign-in.
 */
export const ZSignInChallenge = z.object({ twoFactorRequired: z.literal(true) });
export type TSignInChallenge = z.infer<typeof ZSignInChallenge>;

export const ZLoginBody = z.object({ email, password: z.string().min(1).max(256) });
export const ZRegisterBody = z.object({
  email,
  password,
  name: personName,
  organizationName: orgName.optional(),
});
export const ZCompleteProfileBody = z.object({
  token: z.string().min(16).max(256),
  name: personName,
  password,
});
export const ZUpdateAccessBody = z.object({ digitalProductAccess: z.literal(true) });
export const ZForgotPasswordBody = z.object({ email });
export const ZResetPasswordBody = z.object({ token: z.string().min(16).max(256), password });
export const ZOk = z.object({ success: z.literal(true), message: z.string().optional() });

export const ZInvitationTokenQuery = z.object({
  token: z.string().min(1).max(256),
  _t: z.string().optional(),
});
export const ZInvitationDetails = z.object({
  name: z.string().nullable(),
  email: z.string(),
  organizationName: z.string(),
  inviterName: z.string(),
  role: ZRole,
  expiresAt: z.string(),
});
/** 401 from accept when signed out: the client follows redirectTo (/auth/complete-profile?token=...). */
export const ZAcceptInvitationRedirect = ZErrorBody.extend({ redirectTo: z.string() });
export const ZAcceptInvitationResponse = z.object({
  success: z.literal(true),
  organization: ZOrganization,
  user: ZUser,
});

export const ZCreateOrganizationBody = z.object({
  name: orgName,
  plan: ZPaidPlan.default('pro'),
  billingCycle: ZBillingCycle.default('annual'),
});
/** The seed's fallback path also posts userId, userEmail and bypassAuth: accepted, and never trusted. */
export const ZCreateOrganizationWithContextBody = ZCreateOrganizationBody.extend({
  userId: z.unknown().optional(),
  userEmail: z.unknown().optional(),
  bypassAuth: z.unknown().optional(),
});
export const ZUserAndOrganization = z.object({ user: ZUser, organization: ZOrganization });

export const ZMember = z.object({
  id: ZId,
  name: z.string(),
  email: z.string(),
  role: ZRole,
  createdAt: z.string(),
});
export const ZInvitation = z.object({
  id: ZId,
  name: z.string().nullable(),
  email: z.string(),
  role: ZRole,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const ZInviteBody = z.object({
  name: z.string().trim().min(2, Messages.inviteNameMin).max(100),
  email,
  role: ZRole.default('member'),
});
export const ZRoleBody = z.object({ role: ZRole });
export const ZIdParams = z.object({ id: ZId });
/**
 * The name. `email` is accepted only unchanged (older clients send it): a new address goes through
 * POST /api/account/email/change, which needs the password and a link to the new address.
 */
export const ZUpdateProfileBody = z.object({ name: personName, email: email.optional() });
export const ZChangePasswordBody = z
  .object({
    currentPassword: z.string().min(8, Messages.passwordMin).max(256),
    newPassword: z.string().min(8, Messages.newPasswordMin).max(256),
    confirmPassword: z.string().min(8, Messages.confirmPasswordMin).max(256),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: Messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export const ZUpdateOrganizationBody = z.object({
  name: z.string().trim().min(2, Messages.orgNameMinSettings).max(100, Messages.orgNameMax),
});
export const ZPasswordConfirmBody = z.object({
  password: z.string().min(1, 'Password is required').max(256),
});
export const ZNotificationSettings = z.object({
  emailOnDeckProcessed: z.boolean(),
  emailOnDealCreated: z.boolean(),
  weeklyDigest: z.boolean(),
  /** A comment on a deal @mentions the member (issue 23). */
  emailOnMention: z.boolean(),
});
/** The emails a notification setting turns off; the unsubscribe link of each email names its own. */
export const ZNotificationKind = z.enum([
  'emailOnDeckProcessed',
  'emailOnDealCreated',
  'weeklyDigest',
  'emailOnMention',
]);
export type TNotificationKind = z.infer<typeof ZNotificationKind>;
export const ZUnsubscribeQuery = z.object({
  token: z.string().min(1, 'The unsubscribe link is incomplete').max(512),
});
export const ZUnsubscribeResponse = z.object({
  kind: ZNotificationKind,
  email: z.string(),
  message: z.string(),
});
export const ZConfig = z.object({ supportEmail: z.string(), googleSignInEnabled: z.boolean() });
export type TConfig = z.infer<typeof ZConfig>;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

export const identityRoutes = defineRoutes({
  me: {
    method: 'GET',
    path: '/api/auth/me',
    summary: 'Current user, organization and session',
    tag: 'auth',
    auth: 'session',
    responses: { 200: ZSession, 401: ZErrorBody },
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    tag: 'auth',
    auth: 'public',
    body: ZLoginBody,
    responses: { 200: ZSession, 202: ZSignInChallenge, 400: ZErrorBody, 401: ZErrorBody, 429: ZErrorBody },
  },
  register: {
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Create an account (and its organization when named)',
    tag: 'auth',
    auth: 'public',
    body: ZRegisterBody,
    responses: { 201: ZSession, 400: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody },
  },
  reauthenticate: {
    method: 'POST',
    path: '/api/auth/reauthenticate',
    summary: 'Enter the password again: the session counts as freshly signed in for 10 minutes',
    description:
      'Two-factor enrolment, API-key creation and the webhook-secret reveal need a password check or a sign-in ' +
      'within the last 10 minutes (403 "Enter your password again to continue"). Wrong passwords count on ' +
      'the sign-in throttle (429). An account without a password signs in again instead.',
    tag: 'auth',
    auth: 'session',
    body: ZPasswordConfirmBody,
    responses: { 200: ZOk, ...errors, 429: ZErrorBody },
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End the session',
    tag: 'auth',
    auth: 'public',
    responses: { 200: ZOk, 403: ZErrorBody },
  },
  completeProfile: {
    method: 'POST',
    path: '/api/auth/complete-profile',
    summary: 'Create the invited account and join its organization',
    tag: 'auth',
    auth: 'public',
    body: ZCompleteProfileBody,
    responses: { 201: ZSession, ...errors, 410: ZErrorBody },
  },
  updateAccess: {
    method: 'POST',
    path: '/api/auth/update-access',
    summary: 'Re-read digital product access granted by a completed purchase',
    description:
      "Re-reads the caller's digital product access after a purchase; it never grants it (only billing's " +
      'completed purchase does). `success` is whether the user has it now.',
    tag: 'auth',
    auth: 'session',
    body: ZUpdateAccessBody,
    responses: { 200: z.object({ success: z.boolean(), user: ZUser }), ...errors },
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Email a password reset link',
    tag: 'auth',
    auth: 'public',
    body: ZForgotPasswordBody,
    responses: { 200: ZOk, 400: ZErrorBody, 429: ZErrorBody },
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset token',
    tag: 'auth',
    auth: 'public',
    body: ZResetPasswordBody,
    responses: {
      // signedIn: this browser's session is the account's and was kept, verified (the page opens the dashboard).
      200: ZOk.extend({ signedIn: z.boolean() }),
      400: ZErrorBody,
      404: ZErrorBody,
      410: ZErrorBody,
    },
  },
  validateInvitation: {
    method: 'GET',
    path: '/api/invitations/validate',
    summary: 'Invitation details',
    description:
      'What the invitation link shows before it is accepted: who invites, to which organization, the role, the ' +
      'invited address and when the link expires (404 unknown, 410 expired or already used).',
    tag: 'invitations',
    auth: 'public',
    query: ZInvitationTokenQuery,
    responses: { 200: ZInvitationDetails, 400: ZErrorBody, 404: ZErrorBody, 410: ZErrorBody },
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/invitations/accept',
    summary: 'Accept an invitation as the signed-in user',
    tag: 'invitations',
    // public: a signed-out visitor gets a 401 that carries redirectTo (seed 000), answered by the handler.
    auth: 'public',
    query: ZInvitationTokenQuery,
    responses: { 200: ZAcceptInvitationResponse, ...errors, 401: ZAcceptInvitationRedirect, 410: ZErrorBody },
  },
  createOrganization: {
    method: 'POST',
    path: '/api/organizations',
    summary: 'Create the organization of the signed-in user',
    tag: 'organization',
    auth: 'session',
    body: ZCreateOrganizationBody,
    responses: { 201: ZUserAndOrganization, ...errors },
  },
  createOrganizationWithContext: {
    method: 'POST',
    path: '/api/organizations/create-with-context',
    summary: 'Fallback creation path; acts for the session user only',
    description:
      'Creates the organization of the signed-in user, as POST /api/organizations does. The body may carry ' +
      '`userId`, `userEmail` and `bypassAuth` from older clients: they are ignored, the session decides who.',
    tag: 'organization',
    auth: 'session',
    body: ZCreateOrganizationWithContextBody,
    responses: { 201: ZUserAndOrganization, ...errors },
  },
  updateOrganization: {
    method: 'PATCH',
    path: '/api/organization',
    summary: 'Rename the organization',
    tag: 'organization',
    auth: 'owner',
    body: ZUpdateOrganizationBody,
    responses: { 200: ZOrganization, ...errors },
  },
  deleteOrganization: {
    method: 'DELETE',
    path: '/api/organization',
    summary: 'Delete the organization (password confirmed)',
    tag: 'organization',
    auth: 'owner',
    body: ZPasswordConfirmBody,
    responses: { 200: ZOk, ...errors, 429: ZErrorBody },
  },
  listMembers: {
    method: 'GET',
    path: '/api/organization/members',
    summary: 'Members of the organization',
    tag: 'organization',
    auth: 'member',
    responses: { 200: z.array(ZMember), 401: ZErrorBody, 403: ZErrorBody },
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/organization/members/:id',
    summary: 'Remove a member',
    tag: 'organization',
    auth: 'owner',
    params: ZIdParams,
    responses: { 200: ZOk, ...errors },
  },
  changeMemberRole: {
    method: 'PATCH',
    path: '/api/organization/members/:id/role',
    summary: "Change a member's role",
    tag: 'organization',
    auth: 'owner',
    params: ZIdParams,
    body: ZRoleBody,
    responses: { 200: ZMember, ...errors },
  },
  listInvitations: {
    method: 'GET',
    path: '/api/organization/invitations',
    summary: 'Pending invitations',
    tag: 'organization',
    auth: 'owner',
    responses: { 200: z.array(ZInvitation), ...errors },
  },
  invite: {
    method: 'POST',
    path: '/api/organization/invite',
    summary: 'Invite a person by email',
    tag: 'organization',
    auth: 'owner',
    body: ZInviteBody,
    responses: { 201: ZInvitation, ...errors, 502: ZErrorBody },
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/api/organization/invitations/:id',
    summary: 'Revoke a pending invitation',
    tag: 'organization',
    auth: 'owner',
    params: ZIdParams,
    responses: { 200: ZOk, ...errors },
  },
  changeInvitationRole: {
    method: 'PATCH',
    path: '/api/organization/invitations/:id/role',
    summary: "Change a pending invitation's role",
    tag: 'organization',
    auth: 'owner',
    params: ZIdParams,
    body: ZRoleBody,
    responses: { 200: ZInvitation, ...errors },
  },
  updateProfile: {
    method: 'PATCH',
    path: '/api/user/profile',
    summary: 'Edit name and email',
    tag: 'user',
    auth: 'session',
    body: ZUpdateProfileBody,
    responses: { 200: ZUser, ...errors },
  },
  changePassword: {
    method: 'PATCH',
    path: '/api/user/password',
    summary: 'Change password (ends other sessions)',
    tag: 'user',
    auth: 'session',
    body: ZChangePasswordBody,
    responses: { 200: ZOk, ...errors, 429: ZErrorBody },
  },
  deleteUser: {
    method: 'DELETE',
    path: '/api/user',
    summary: 'Delete own account (password confirmed)',
    tag: 'user',
    auth: 'session',
    body: ZPasswordConfirmBody,
    responses: { 200: ZOk, ...errors, 429: ZErrorBody },
  },
  getNotifications: {
    method: 'GET',
    path: '/api/settings/notifications',
    summary: 'Notification settings',
    tag: 'user',
    auth: 'session',
    responses: { 200: ZNotificationSettings, 401: ZErrorBody },
  },
  updateNotifications: {
    method: 'PATCH',
    path: '/api/settings/notifications',
    summary: 'Update notification settings',
    tag: 'user',
    auth: 'session',
    body: ZNotificationSettings.partial(),
    responses: { 200: ZNotificationSettings, ...errors },
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/settings/notifications/unsubscribe',
    summary: 'Turn one kind of notification email off, from the link in that email (no sign-in)',
    tag: 'user',
    // public: the signed token names the user and the setting. Mail clients POST here with RFC 8058's
    // `List-Unsubscribe=One-Click` form body; the /unsubscribe page POSTs with none.
    auth: 'public',
    query: ZUnsubscribeQuery,
    responses: { 200: ZUnsubscribeResponse, 400: ZErrorBody },
  },
  config: {
    method: 'GET',
    path: '/api/config',
    summary: 'Public client configuration',
    description:
      'The support address and whether Google sign-in is enabled, read by the web client at start.',
    tag: 'config',
    auth: 'public',
    responses: { 200: ZConfig },
  },
  // Service-to-service (INTERNAL_API_TOKEN): never routed by the gateway, not in the public OpenAPI document.
  introspectSession: {
    method: 'POST',
    path: '/internal/sessions/introspect',
    summary: 'Exchange a session token for the identity JWT (gateway only)',
    tag: 'internal',
    auth: 'internal',
    body: ZIntrospectSessionBody,
    // 403: a valid API key of an organization that is not on Pro (PLAN_REQUIRED, api-keys.ts).
    responses: { 200: ZIntrospectSessionResponse, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody },
  },
  createSession: {
    method: 'POST',
    path: '/internal/sessions',
    summary: 'Sign a user in after a purchase (billing only)',
    tag: 'internal',
    auth: 'internal',
    /**
     * `unverified`: a guest checkout's auto-login. The session carries claim `uv` until the buyer proves the
     * address through the emailed link; it cannot change billing, enrol or disable two-factor, create API keys
     * or invite (issue 20).
     */
    body: z.object({ userId: ZId, unverified: z.boolean().default(false) }),
    responses: {
      200: z.object({ user: ZUser, organization: ZOrganization.nullable(), sessionId: z.string().min(1) }),
      400: ZErrorBody,
      401: ZErrorBody,
      404: ZErrorBody,
    },
  },
  provisionBuyer: {
    method: 'POST',
    path: '/internal/buyers',
    summary: "A guest buyer's account after a paid checkout (billing only)",
    tag: 'internal',
    auth: 'internal',
    body: ZProvisionBuyerBody,
    responses: { 200: ZProvisionBuyerResponse, 400: ZErrorBody, 401: ZErrorBody },
  },
  buyerOrganization: {
    method: 'POST',
    path: '/internal/buyers/organization',
    summary: 'The organization a guest subscriber owns, created when they have none (billing only)',
    tag: 'internal',
    auth: 'internal',
    body: ZBuyerOrganizationBody,
    responses: {
      200: ZBuyerOrganizationResponse,
      400: ZErrorBody,
      401: ZErrorBody,
      404: ZErrorBody,
      409: ZErrorBody,
    },
  },
  memberships: {
    method: 'GET',
    path: '/internal/organizations/memberships',
    summary:
      "Every organization's member count and membership version, by id (billing's seat reconciliation)",
    tag: 'internal',
    auth: 'internal',
    query: ZMembershipsQuery,
    responses: { 200: ZMembershipsResponse, 400: ZErrorBody, 401: ZErrorBody },
  },
  publicKey: {
    method: 'GET',
    path: '/internal/public-key',
    summary: 'The ES256 public key identity JWTs are verified with',
    tag: 'internal',
    auth: 'internal',
    responses: {
      200: z.object({ publicKeyPem: z.string(), algorithm: z.literal('ES256'), issuer: z.string() }),
      401: ZErrorBody,
    },
  },
});

/** Identity's service-to-service routes (the gateway's introspection, billing's post-purchase session). */
export const internalRoutes = {
  introspectSession: identityRoutes.introspectSession,
  createSession: identityRoutes.createSession,
  provisionBuyer: identityRoutes.provisionBuyer,
  buyerOrganization: identityRoutes.buyerOrganization,
  memberships: identityRoutes.memberships,
  publicKey: identityRoutes.publicKey,
};
