import { z } from 'zod';
import { ZErrorBody } from './common.js';
import { defineRoutes } from './http.js';
import { ZSession } from './identity.js';

// Two-factor sign-in (TOTP, RFC 6238) and its recovery codes: svc-identity (issue 15).

export const TwoFactorMessages = {
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeFormat: 'Enter one of your recovery codes (10 letters and digits).',
  passwordOrCode: 'Enter your password or a code from your authenticator app.',
} as const;

const totpCode = z
  .string()
  .trim()
  .regex(/^\d{3}\s?\d{3}$/, TwoFactorMessages.codeFormat)
  .transform((v) => v.replace(/\s/g, ''));
const recoveryCode = z
  .string()
  .trim()
  .min(10, TwoFactorMessages.recoveryCodeFormat)
  .max(32, TwoFactorMessages.recoveryCodeFormat);

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Unused recovery codes left. */
  recoveryCodesRemaining: z.number().int(),
  /** The organization requires two-factor sign-in of its members. */
  requiredByOrganization: z.boolean(),
  /** Accounts without a password (Google only) confirm with a code instead. */
  hasPassword: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** A pending enrolment: the secret as text (typed into an app by hand) and as a QR code (otpauth URI). */
export const ZTwoFactorSetup = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** `data:image/svg+xml;base64,...` of the otpauth URI's QR code, rendered by the service. */
  qrCodeDataUrl: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZConfirmTwoFactorBody = z.object({ code: totpCode });
export type TConfirmTwoFactorBody = z.input<typeof ZConfirmTwoFactorBody>;

/** Shown once: the service keeps only their keyed digests. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** Turning two-factor off needs the password (a code only for accounts that have none). */
export const ZDisableTwoFactorBody = z
  .object({ password: z.string().min(1).max(256).optional(), code: totpCode.optional() })
  .refine((v) => v.password !== undefined || v.code !== undefined, {
    message: TwoFactorMessages.passwordOrCode,
  });
export type TDisableTwoFactorBody = z.input<typeof ZDisableTwoFactorBody>;

/** New recovery codes need the password or a current code. */
export const ZRegenerateRecoveryCodesBody = ZDisableTwoFactorBody;
export type TRegenerateRecoveryCodesBody = z.input<typeof ZRegenerateRecoveryCodesBody>;

/** The second step of a sign-in: a code from the app, or one recovery code. */
export const ZVerifyTwoFactorBody = z.union([z.object({ code: totpCode }), z.object({ recoveryCode })]);
export type TVerifyTwoFactorBody = z.input<typeof ZVerifyTwoFactorBody>;

export const ZOrganizationTwoFactor = z.object({
  required: z.boolean(),
  /** Members (owners included) who have not set up two-factor sign-in yet. */
  membersWithoutTwoFactor: z.number().int(),
});
export type TOrganizationTwoFactor = z.infer<typeof ZOrganizationTwoFactor>;

export const ZUpdateOrganizationTwoFactorBody = z.object({ required: z.boolean() });

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const success = z.object({ success: z.literal(true) });

export const twoFactorRoutes = defineRoutes({
  twoFactorStatus: {
    method: 'GET',
    path: '/api/user/two-factor',
    summary: "The caller's two-factor sign-in state",
    tag: 'two-factor',
    auth: 'session',
    responses: { 200: ZTwoFactorStatus, 401: ZErrorBody },
  },
  startTwoFactorSetup: {
    method: 'POST',
    path: '/api/user/two-factor/setup',
    summary: 'Start enrolling an authenticator app (a new secret each time, until confirmed)',
    tag: 'two-factor',
    auth: 'session',
    responses: { 200: ZTwoFactorSetup, ...errors },
  },
  confirmTwoFactor: {
    method: 'POST',
    path: '/api/user/two-factor/confirm',
    summary: 'Confirm the enrolment with a code; answers the recovery codes once',
    tag: 'two-factor',
    auth: 'session',
    body: ZConfirmTwoFactorBody,
    responses: { 200: ZRecoveryCodes, ...errors, 429: ZErrorBody },
  },
  disableTwoFactor: {
    method: 'POST',
    path: '/api/user/two-factor/disable',
    summary: 'Turn two-factor sign-in off (password required)',
    tag: 'two-factor',
    auth: 'session',
    body: ZDisableTwoFactorBody,
    responses: { 200: success, ...errors, 429: ZErrorBody },
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/api/user/two-factor/recovery-codes',
    summary: 'Replace the recovery codes (password or a code required); answers the new ones once',
    tag: 'two-factor',
    auth: 'session',
    body: ZRegenerateRecoveryCodesBody,
    responses: { 200: ZRecoveryCodes, ...errors, 429: ZErrorBody },
  },
  verifyTwoFactor: {
    method: 'POST',
    path: '/api/auth/two-factor',
    summary: "Complete a sign-in with a code or a recovery code (the challenge is the browser's cookie)",
    tag: 'auth',
    auth: 'public',
    body: ZVerifyTwoFactorBody,
    responses: { 200: ZSession, 400: ZErrorBody, 401: ZErrorBody, 429: ZErrorBody },
  },
  organizationTwoFactor: {
    method: 'GET',
    path: '/api/organization/two-factor',
    summary: 'Whether the organization requires two-factor sign-in, and who has not set it up',
    tag: 'organization',
    auth: 'member',
    responses: { 200: ZOrganizationTwoFactor, ...errors },
  },
  updateOrganizationTwoFactor: {
    method: 'PUT',
    path: '/api/organization/two-factor',
    summary: 'Require two-factor sign-in of every member (owner)',
    tag: 'organization',
    auth: 'owner',
    body: ZUpdateOrganizationTwoFactorBody,
    responses: { 200: ZOrganizationTwoFactor, ...errors },
  },
});
