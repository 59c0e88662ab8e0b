// Generated from serviceRoutes.identity by `npm run generate -w @dealflow/contracts`: do not edit.
// Method, path and input shape only; the types come from the route table, the schemas never ship.
import { endpoint } from '../endpoint.js';

export const me = /* @__PURE__ */ endpoint('identity', 'me', 'GET', '/api/auth/me', 0);
export const login = /* @__PURE__ */ endpoint('identity', 'login', 'POST', '/api/auth/login', 1);
export const register = /* @__PURE__ */ endpoint('identity', 'register', 'POST', '/api/auth/register', 1);
export const reauthenticate = /* @__PURE__ */ endpoint(
  'identity',
  'reauthenticate',
  'POST',
  '/api/auth/reauthenticate',
  1,
);
export const logout = /* @__PURE__ */ endpoint('identity', 'logout', 'POST', '/api/auth/logout', 0);
export const completeProfile = /* @__PURE__ */ endpoint(
  'identity',
  'completeProfile',
  'POST',
  '/api/auth/complete-profile',
  1,
);
export const updateAccess = /* @__PURE__ */ endpoint(
  'identity',
  'updateAccess',
  'POST',
  '/api/auth/update-access',
  1,
);
export const forgotPassword = /* @__PURE__ */ endpoint(
  'identity',
  'forgotPassword',
  'POST',
  '/api/auth/forgot-password',
  1,
);
export const resetPassword = /* @__PURE__ */ endpoint(
  'identity',
  'resetPassword',
  'POST',
  '/api/auth/reset-password',
  1,
);
export const validateInvitation = /* @__PURE__ */ endpoint(
  'identity',
  'validateInvitation',
  'GET',
  '/api/invitations/validate',
  2,
);
export const acceptInvitation = /* @__PURE__ */ endpoint(
  'identity',
  'acceptInvitation',
  'POST',
  '/api/invitations/accept',
  2,
);
export const createOrganization = /* @__PURE__ */ endpoint(
  'identity',
  'createOrganization',
  'POST',
  '/api/organizations',
  1,
);
export const createOrganizationWithContext = /* @__PURE__ */ endpoint(
  'identity',
  'createOrganizationWithContext',
  'POST',
  '/api/organizations/create-with-context',
  1,
);
export const updateOrganization = /* @__PURE__ */ endpoint(
  'identity',
  'updateOrganization',
  'PATCH',
  '/api/organization',
  1,
);
export const deleteOrganization = /* @__PURE__ */ endpoint(
  'identity',
  'deleteOrganization',
  'DELETE',
  '/api/organization',
  1,
);
export const listMembers = /* @__PURE__ */ endpoint(
  'identity',
  'listMembers',
  'GET',
  '/api/organization/members',
  0,
);
export const removeMember = /* @__PURE__ */ endpoint(
  'identity',
  'removeMember',
  'DELETE',
  '/api/organization/members/:id',
  2,
);
export const changeMemberRole = /* @__PURE__ */ endpoint(
  'identity',
  'changeMemberRole',
  'PATCH',
  '/api/organization/members/:id/role',
  2,
);
export const listInvitations = /* @__PURE__ */ endpoint(
  'identity',
  'listInvitations',
  'GET',
  '/api/organization/invitations',
  0,
);
export const invite = /* @__PURE__ */ endpoint('identity', 'invite', 'POST', '/api/organization/invite', 1);
export const revokeInvitation = /* @__PURE__ */ endpoint(
  'identity',
  'revokeInvitation',
  'DELETE',
  '/api/organization/invitations/:id',
  2,
);
export const changeInvitationRole = /* @__PURE__ */ endpoint(
  'identity',
  'changeInvitationRole',
  'PATCH',
  '/api/organization/invitations/:id/role',
  2,
);
export const updateProfile = /* @__PURE__ */ endpoint(
  'identity',
  'updateProfile',
  'PATCH',
  '/api/user/profile',
  1,
);
export const changePassword = /* @__PURE__ */ endpoint(
  'identity',
  'changePassword',
  'PATCH',
  '/api/user/password',
  1,
);
export const deleteUser = /* @__PURE__ */ endpoint('identity', 'deleteUser', 'DELETE', '/api/user', 1);
export const getNotifications = /* @__PURE__ */ endpoint(
  'identity',
  'getNotifications',
  'GET',
  '/api/settings/notifications',
  0,
);
export const updateNotifications = /* @__PURE__ */ endpoint(
  'identity',
  'updateNotifications',
  'PATCH',
  '/api/settings/notifications',
  1,
);
export const unsubscribe = /* @__PURE__ */ endpoint(
  'identity',
  'unsubscribe',
  'POST',
  '/api/settings/notifications/unsubscribe',
  2,
);
export const config = /* @__PURE__ */ endpoint('identity', 'config', 'GET', '/api/config', 0);
export const listSessions = /* @__PURE__ */ endpoint(
  'identity',
  'listSessions',
  'GET',
  '/api/account/sessions',
  0,
);
export const revokeSession = /* @__PURE__ */ endpoint(
  'identity',
  'revokeSession',
  'DELETE',
  '/api/account/sessions/:id',
  2,
);
export const revokeOtherSessions = /* @__PURE__ */ endpoint(
  'identity',
  'revokeOtherSessions',
  'POST',
  '/api/account/sessions/revoke-others',
  0,
);
export const getEmailStatus = /* @__PURE__ */ endpoint(
  'identity',
  'getEmailStatus',
  'GET',
  '/api/account/email',
  0,
);
export const requestEmailChange = /* @__PURE__ */ endpoint(
  'identity',
  'requestEmailChange',
  'POST',
  '/api/account/email/change',
  1,
);
export const cancelEmailChange = /* @__PURE__ */ endpoint(
  'identity',
  'cancelEmailChange',
  'DELETE',
  '/api/account/email/change',
  0,
);
export const resendVerification = /* @__PURE__ */ endpoint(
  'identity',
  'resendVerification',
  'POST',
  '/api/account/email/verification',
  0,
);
export const confirmEmail = /* @__PURE__ */ endpoint(
  'identity',
  'confirmEmail',
  'POST',
  '/api/account/email/confirm',
  1,
);
export const listActivity = /* @__PURE__ */ endpoint(
  'identity',
  'listActivity',
  'GET',
  '/api/organization/activity',
  2,
);
export const exportActivity = /* @__PURE__ */ endpoint(
  'identity',
  'exportActivity',
  'GET',
  '/api/organization/activity/export',
  2,
);
export const listApiKeys = /* @__PURE__ */ endpoint(
  'identity',
  'listApiKeys',
  'GET',
  '/api/organization/api-keys',
  0,
);
export const createApiKey = /* @__PURE__ */ endpoint(
  'identity',
  'createApiKey',
  'POST',
  '/api/organization/api-keys',
  1,
);
export const revokeApiKey = /* @__PURE__ */ endpoint(
  'identity',
  'revokeApiKey',
  'DELETE',
  '/api/organization/api-keys/:id',
  2,
);
export const twoFactorStatus = /* @__PURE__ */ endpoint(
  'identity',
  'twoFactorStatus',
  'GET',
  '/api/user/two-factor',
  0,
);
export const startTwoFactorSetup = /* @__PURE__ */ endpoint(
  'identity',
  'startTwoFactorSetup',
  'POST',
  '/api/user/two-factor/setup',
  0,
);
export const confirmTwoFactor = /* @__PURE__ */ endpoint(
  'identity',
  'confirmTwoFactor',
  'POST',
  '/api/user/two-factor/confirm',
  1,
);
export const disableTwoFactor = /* @__PURE__ */ endpoint(
  'identity',
  'disableTwoFactor',
  'POST',
  '/api/user/two-factor/disable',
  1,
);
export const regenerateRecoveryCodes = /* @__PURE__ */ endpoint(
  'identity',
  'regenerateRecoveryCodes',
  'POST',
  '/api/user/two-factor/recovery-codes',
  1,
);
export const verifyTwoFactor = /* @__PURE__ */ endpoint(
  'identity',
  'verifyTwoFactor',
  'POST',
  '/api/auth/two-factor',
  1,
);
export const organizationTwoFactor = /* @__PURE__ */ endpoint(
  'identity',
  'organizationTwoFactor',
  'GET',
  '/api/organization/two-factor',
  0,
);
export const updateOrganizationTwoFactor = /* @__PURE__ */ endpoint(
  'identity',
  'updateOrganizationTwoFactor',
  'PUT',
  '/api/organization/two-factor',
  1,
);
export const listSupportRequests = /* @__PURE__ */ endpoint(
  'identity',
  'listSupportRequests',
  'GET',
  '/api/support/requests',
  0,
);
export const createSupportRequest = /* @__PURE__ */ endpoint(
  'identity',
  'createSupportRequest',
  'POST',
  '/api/support/requests',
  1,
);
export const closeSupportRequest = /* @__PURE__ */ endpoint(
  'identity',
  'closeSupportRequest',
  'POST',
  '/api/support/requests/:id/close',
  2,
);
