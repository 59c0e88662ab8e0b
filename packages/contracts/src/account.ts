import { z } from 'zod';
import { ZErrorBody, ZId } from './common.js';
import { defineRoutes } from './http.js';

/**
 * Account controls of the signed-in user (issue 12 item 2, issue 15 item 1): their own sessions, a verified
 * change of email address, and the verification of the address itself. Served by svc-identity.
 */

const email = z
  .email({ error: 'Please enter a valid email address.' })
  .max(254)
  .transform((v) => v.trim().toLowerCase());

/** One live session of the caller, as "Your sessions" lists it. */
export const ZAccountSession = z.object({
  id: ZId,
  /** `browser` (the HttpOnly cookie) or `bearer` (a token issued to a program). */
  kind: z.enum(['browser', 'bearer']),
  /** The user agent in plain words ("Chrome 131 on Windows", "Safari on iPhone"), or null when none was sent. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session that made this request ("this device"). */
  isCurrent: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;
export const ZAccountSessions = z.object({ sessions: z.array(ZAccountSession) });
export const ZSessionIdParams = z.object({ id: ZId });
export const ZRevokedSessions = z.object({ success: z.literal(true), revoked: z.number().int() });

/** The caller's address, whether it is verified, and a change waiting for its link. */
export const ZEmailStatus = z.object({
  email: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  pendingEmail: z.string().nullable(),
  pendingExpiresAt: z.string().nullable(),
});
export type TEmailStatus = z.infer<typeof ZEmailStatus>;

export const ZRequestEmailChangeBody = z.object({
  newEmail: email,
  password: z.string().min(1, 'Password is required').max(256),
});
export type TRequestEmailChangeBody = z.infer<typeof ZRequestEmailChangeBody>;

export const ZConfirmEmailBody = z.object({ token: z.string().min(16).max(256) });
export const ZConfirmEmailResponse = z.object({
  /** `verified`: the address was proven; `changed`: the account now signs in with `email`. */
  outcome: z.enum(['verified', 'changed']),
  email: z.string(),
  message: z.string(),
});
export type TConfirmEmailResponse = z.infer<typeof ZConfirmEmailResponse>;
export const ZAccountMessage = z.object({ success: z.literal(true), message: z.string() });

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

export const accountRoutes = defineRoutes({
  listSessions: {
    method: 'GET',
    path: '/api/account/sessions',
    summary: "The caller's live sessions (device, IP, kind, created, last seen, this device)",
    tag: 'account',
    auth: 'session',
    responses: { 200: ZAccountSessions, 401: ZErrorBody },
  },
  revokeSession: {
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    summary: "End one of the caller's sessions (404 for anyone else's)",
    tag: 'account',
    auth: 'session',
    params: ZSessionIdParams,
    responses: { 200: ZRevokedSessions, ...errors },
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/api/account/sessions/revoke-others',
    summary: 'End every session of the caller but this one (sign out everywhere else)',
    tag: 'account',
    auth: 'session',
    responses: { 200: ZRevokedSessions, ...errors },
  },
  getEmailStatus: {
    method: 'GET',
    path: '/api/account/email',
    summary: 'The email address, whether it is verified, and a pending change',
    tag: 'account',
    auth: 'session',
    responses: { 200: ZEmailStatus, 401: ZErrorBody },
  },
  requestEmailChange: {
    method: 'POST',
    path: '/api/account/email/change',
    summary: 'Ask to change the email (needs the password): a link goes to the new address',
    tag: 'account',
    auth: 'session',
    body: ZRequestEmailChangeBody,
    responses: { 202: ZEmailStatus, ...errors, 429: ZErrorBody, 502: ZErrorBody },
  },
  cancelEmailChange: {
    method: 'DELETE',
    path: '/api/account/email/change',
    summary: 'Withdraw a pending email change (its link stops working)',
    tag: 'account',
    auth: 'session',
    responses: { 200: ZEmailStatus, 401: ZErrorBody },
  },
  resendVerification: {
    method: 'POST',
    path: '/api/account/email/verification',
    summary: 'Send the verification link to the current address again (rate-limited)',
    tag: 'account',
    auth: 'session',
    responses: { 200: ZAccountMessage, ...errors, 429: ZErrorBody, 502: ZErrorBody },
  },
  confirmEmail: {
    method: 'POST',
    path: '/api/account/email/confirm',
    summary: 'Follow an emailed link: verifies the address, or completes an email change',
    tag: 'account',
    auth: 'public',
    body: ZConfirmEmailBody,
    responses: { 200: ZConfirmEmailResponse, ...errors, 410: ZErrorBody },
  },
});
