/**
 * The product's shared error vocabulary (issue 21 item 4): every code that more than one service (or the
 * kit and a service) answers with, each with ONE status everywhere and a default message. A service's own
 * table (`defineErrors` in @dealflow/service-kit) merges this one in and adds only its own codes; it may
 * not redefine a shared code (defineErrors refuses it). A service may pass a more specific message where it
 * throws (which key, which feature), never another status.
 *
 * Statuses, by HTTP semantics (RFC 9110):
 * - NO_ORGANIZATION is 403: the request is well formed, the caller is known, and refused for who they are
 *   (it was 400 in billing, 403 in the kit).
 * - PLAN_REQUIRED is 403, not 402: 402 Payment Required is "reserved for future use" (RFC 9110 §15.5.3),
 *   with no defined semantics, and clients, proxies and SDK generators do not treat it consistently; a plan
 *   that does not include a feature is an authorization refusal of a known caller, which is what 403 says
 *   ("understood the request but refuses to fulfill it ... credentials insufficient"). The message carries
 *   the upgrade path. (It was 402 for API keys in identity and the gateway, 403 in crm and ingest.) The
 *   embedded payment provider's 402 for a declined card stays: it imitates the provider's own answer.
 * - INTEGRATION_LIMIT_REACHED is 403 for the same reason; ENCRYPTION_NOT_CONFIGURED is 503 (the server is
 *   not configured for this, the client did nothing wrong).
 */
import { UPGRADE_MESSAGES } from './plans.js';

export interface TSharedErrorSpec {
  status: number;
  message: string;
}

export const SharedErrors = {
  UNAUTHORIZED: { status: 401, message: 'Not authenticated' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this' },
  CROSS_SITE: { status: 403, message: 'Cross-site request refused' },
  NO_ORGANIZATION: { status: 403, message: 'You must belong to an organization to do this' },
  NOT_OWNER: { status: 403, message: 'Only the organization owner can do this' },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Please verify your email address first: use the link we sent you, or send a new one.',
  },
  PLAN_REQUIRED: { status: 403, message: 'This is available on the Pro plan. Upgrade on the Billing page.' },
  INTEGRATION_LIMIT_REACHED: { status: 403, message: UPGRADE_MESSAGES.integrationLimit },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'This already exists' },
  ENCRYPTION_NOT_CONFIGURED: {
    status: 503,
    message: 'Credentials cannot be stored: the encryption key is not configured',
  },
} as const satisfies Record<string, TSharedErrorSpec>;

export type TSharedErrorCode = keyof typeof SharedErrors;
