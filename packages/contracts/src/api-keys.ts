import { z } from 'zod';
import { ZErrorBody, ZIsoDate } from './common.js';
import { defineRoutes } from './http.js';
import { ApiKeyMessages } from './plans.js';

/**
 * Organization API keys (Pro): programs call the records, deals and mail-intake routes with
 * `Authorization: Bearer dfk_live_<publicId>_<secret>`. The secret is shown once, at creation; identity
 * keeps only its SHA-256.
 */
export const API_KEY_PREFIX = 'dfk_live_';

/** `read`: GET routes marked `apiKey`; `write`: those and the writes marked `apiKey: 'write'` (mail intake). */
export const ZApiKeyScope = z.enum(['read', 'write']);

// The messages live in the zod-free plans.ts, so the front ends read them without zod.
export { ApiKeyMessages } from './plans.js';

export const ZApiKey = z.object({
  /** The key's public id (also inside the key itself, so a leaked key can be found in the list). */
  id: z.string(),
  name: z.string(),
  /** What the key starts with, for recognising it: `dfk_live_<publicId>`. */
  prefix: z.string(),
  scope: ZApiKeyScope,
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: ZIsoDate,
  /** Updated at most once a minute. */
  lastUsedAt: ZIsoDate.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyList = z.object({ keys: z.array(ZApiKey) });
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

export const ZCreateApiKeyBody = z.object({
  name: z.string().trim().min(1, ApiKeyMessages.nameRequired).max(60, ApiKeyMessages.nameMax),
  scope: ZApiKeyScope,
});
export type TCreateApiKeyBody = z.infer<typeof ZCreateApiKeyBody>;

/** The key as created: `secret` is the whole key, shown this once and never again. */
export const ZCreatedApiKey = z.object({ key: ZApiKey, secret: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** svc-identity's API-key management: the organization's owner only, and only on the Pro plan. */
export const apiKeyRoutes = defineRoutes({
  listApiKeys: {
    method: 'GET',
    path: '/api/organization/api-keys',
    summary: "The organization's API keys (not revoked), newest first (Pro)",
    tag: 'api-keys',
    auth: 'owner',
    responses: { 200: ZApiKeyList, ...errors },
  },
  createApiKey: {
    method: 'POST',
    path: '/api/organization/api-keys',
    summary: 'Create an API key; its secret is in this answer only (Pro)',
    tag: 'api-keys',
    auth: 'owner',
    body: ZCreateApiKeyBody,
    responses: { 201: ZCreatedApiKey, ...errors },
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api/organization/api-keys/:id',
    summary: 'Revoke an API key: it is refused from the next request on',
    tag: 'api-keys',
    auth: 'owner',
    params: z.object({ id: z.string().regex(/^[a-z0-9]{12}$/) }),
    responses: { 200: z.object({ success: z.literal(true) }), ...errors },
  },
});
