import { z } from 'zod';
import { ZIsoDate } from './common.js';

/**
 * Service-to-service routes (never routed by the gateway; `x-internal-token` = INTERNAL_API_TOKEN).
 * They are not in the public OpenAPI document.
 */

/** The gateway's question: which identity does this opaque session token (cookie or bearer) carry? */
export const ZIntrospectSessionBody = z.object({ token: z.string().min(1).max(512) });
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
    })
    .optional(),
});
export type TIntrospectSessionResponse = z.infer<typeof ZIntrospectSessionResponse>;

// The routes themselves are in identity.ts (identityRoutes, auth: 'internal'); `internalRoutes` is exported there.
