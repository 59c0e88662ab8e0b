export * from './user.js';
export * from './organization.js';
export * from './session.js';
export * from './password-reset-token.js';
export * from './invitation.js';
export * from './activity-log.js';
export * from './notification-settings.js';
export * from './email-verification-token.js';
export * from './notification-event.js';
export * from './api-key.js';
export * from './two-factor.js';
export * from './support-request.js';

import { UserSchema } from './user.js';
import { OrganizationSchema } from './organization.js';
import { SessionSchema } from './session.js';
import { PasswordResetTokenSchema } from './password-reset-token.js';
import { InvitationSchema } from './invitation.js';
import { ActivityLogSchema } from './activity-log.js';
import { NotificationSettingsSchema } from './notification-settings.js';
import { EmailVerificationTokenSchema } from './email-verification-token.js';
import { NotificationEventSchema } from './notification-event.js';
import { ApiKeySchema } from './api-key.js';
import { RecoveryCodeSchema, SignInChallengeSchema, TwoFactorCredentialSchema } from './two-factor.js';
import { SupportRequestSchema } from './support-request.js';

export const identityEntities = [
  UserSchema,
  OrganizationSchema,
  SessionSchema,
  PasswordResetTokenSchema,
  InvitationSchema,
  ActivityLogSchema,
  NotificationSettingsSchema,
  EmailVerificationTokenSchema,
  NotificationEventSchema,
  ApiKeySchema,
  TwoFactorCredentialSchema,
  RecoveryCodeSchema,
  SignInChallengeSchema,
  SupportRequestSchema,
];
