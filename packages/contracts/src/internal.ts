import { z } from 'zod';
import { ZBillingCycle, ZPaidPlan } from './common.js';
import { ZIsoDate } from './common.js';

/**
 * Service-to-service routes (never routed by the gateway; `x-internal-token` = INTERNAL_API_TOKEN).
 * They are not in the public OpenAPI document.
 */

/** The gateway's question: which identity does this opaque session token (cookie or bearer) carry? */
export const ZIntrospectSessionBody = z.object({
  token: z.string().min(1).max(512),
  /**
   * How the visitor presented it: a browser session is accepted only from the HttpOnly cookie, a session
   * issued to a program only as `Authorization: Bearer`.
   */
  via: z.enum(['cookie', 'bearer']).default('cookie'),
  /**
   * The client's address as the gateway sees it: an API key's first use and its use from a new address go to
   * the organization's activity log (issue 20). Absent: not recorded.
   */
  ip: z.string().min(1).max(64).optional(),
});
export type TIntrospectSessionBody = z.infer<typeof ZIntrospectSessionBody>;

/**
 * 200: the session is live. `identityToken` is the short-lived ES256 JWT the gateway forwards as
 * `x-identity-token`; `expiresAt` is when that JWT expires (the gateway caches the answer for a few seconds,
 * never past it). An unknown, expired or ended session answers 401 `{message}`.
 */
export const ZIntrospectSessionResponse = z.object({
  identityToken: z.string(),
  expiresAt: ZIsoDate,
  /** The same JWT under the name identity's brief uses. */
  jwt: z.string().optional(),
  /** The JWT's claims, decoded (userId, orgId, role, email, name, sessionId). */
  identity: z
    .object({
      userId: z.number().int(),
      orgId: z.number().int().nullable(),
      role: z.enum(['owner', 'member']),
      email: z.string(),
      name: z.string(),
      sessionId: z.string(),
      emailVerified: z.boolean().optional(),
      /** Present when the token is an organization API key: its public id (the per-key rate limit) and scope. */
      apiKey: z.object({ id: z.string(), scope: z.enum(['read', 'write']) }).optional(),
    })
    .optional(),
});
export type TIntrospectSessionResponse = z.infer<typeof ZIntrospectSessionResponse>;

// The routes themselves are in identity.ts (identityRoutes, auth: 'internal'); `internalRoutes` is exported there.

/**
 * Billing -> identity after a guest's paid checkout (`POST /internal/buyers`): the account for the address the
 * buyer gave at checkout. An unknown address gets a new account without a password (identity emails a
 * set-password link) and `created: true`; an address that already has an account is NOT handed over:
 * identity emails `claimUrl` to that address and answers `created: false`, and billing links the purchase
 * only when the link is used. Repeating the call for the same checkout session answers the same and sends
 * nothing again.
 */
export const ZProvisionBuyerBody = z.object({
  email: z.email().max(254),
  name: z.string().trim().max(100).optional(),
  checkoutSessionId: z.string().min(1).max(300),
  claimUrl: z.url({ protocol: /^https?$/ }).max(2000),
  /** What was bought, for the emails' wording (a subscription starts a trial; the licence is one payment). */
  purchase: z.enum(['licence', 'subscription']).default('licence'),
});
export type TProvisionBuyerBody = z.infer<typeof ZProvisionBuyerBody>;
export const ZProvisionBuyerResponse = z.object({ userId: z.number().int(), created: z.boolean() });
export type TProvisionBuyerResponse = z.infer<typeof ZProvisionBuyerResponse>;

/**
 * Billing -> identity when a guest's subscription checkout has a buyer (`POST /internal/buyers/organization`):
 * the organization that buyer OWNS, for the subscription to attach to. A buyer without one gets a new
 * organization ("<name>'s organization", renamable) with them as its only member and owner; a buyer who owns
 * one with no subscription gets that one. A buyer who is a member of someone else's organization, or whose
 * organization already has a subscription, gets 409: billing never picks the organization itself.
 */
export const ZBuyerOrganizationBody = z.object({
  userId: z.number().int().positive(),
  plan: ZPaidPlan,
  billingCycle: ZBillingCycle,
});
export type TBuyerOrganizationBody = z.infer<typeof ZBuyerOrganizationBody>;
export const ZBuyerOrganizationResponse = z.object({
  orgId: z.number().int(),
  name: z.string(),
  created: z.boolean(),
});
export type TBuyerOrganizationResponse = z.infer<typeof ZBuyerOrganizationResponse>;

/**
 * Billing -> identity, the seat reconciliation (`GET /internal/organizations/memberships`): every
 * organization's member count and membership version, by id, a page at a time. Billing applies a count whose
 * version is newer than its own, so an event the broker lost is made good on the next pass.
 */
export const ZMembershipsQuery = z.object({
  /** Organizations with an id above this one (0: from the start). */
  afterId: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
export type TMembershipsQuery = z.infer<typeof ZMembershipsQuery>;
export const ZMembershipsResponse = z.object({
  organizations: z.array(
    z.object({
      orgId: z.number().int(),
      memberCount: z.number().int().nonnegative(),
      membershipVersion: z.number().int().positive(),
    }),
  ),
  /** The `afterId` of the next page; null on the last one. */
  nextAfterId: z.number().int().nullable(),
});
export type TMembershipsResponse = z.infer<typeof ZMembershipsResponse>;
