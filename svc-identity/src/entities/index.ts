export * from './user.js';
export * from './organization.js';
export * from './session.js';
export * from './password-reset-token.js';
export * from './invitation.js';
export * from './activity-log.js';
export * from './notification-settings.js';

import { UserSchema } from './user.js';
import { OrganizationSchema } from './organization.js';
import { SessionSchema } from './session.js';
import { PasswordResetTokenSchema } from './password-reset-token.js';
import { InvitationSchema } from './invitation.js';
import { ActivityLogSchema } from './activity-log.js';
import { NotificationSettingsSchema } from './notification-settings.js';

export const identityEntities = [
  UserSchema,
  OrganizationSchema,
  SessionSchema,
  PasswordResetTokenSchema,
  InvitationSchema,
  ActivityLogSchema,
  NotificationSettingsSchema,
];
