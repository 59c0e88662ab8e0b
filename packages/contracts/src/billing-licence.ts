import { z } from 'zod';
import { ZErrorBody } from './common.js';
import { defineRoutes } from './http.js';

/** The buyer's template licence (issue 20, item 8): signed key, purchase date and the end of its updates. */
export const ZLicence = z.object({
  purchaseId: z.string(),
  product: z.string(),
  /** `DFL1.<payload>.<Ed25519 signature>`: purchase, buyer, product, issued date, updates-until. */
  licenceKey: z.string(),
  issuedAt: z.string(),
  /** Purchase + 6 months: every version released until then may be downloaded. */
  updatesUntil: z.string(),
});

/** One template release the licence covers. */
export const ZTemplateRelease = z.object({
  version: z.string(),
  releasedAt: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  /** The version that was current when the licence was bought. */
  currentAtPurchase: z.boolean(),
});

export const ZLicenceAccess = z.object({
  licence: ZLicence,
  /** Downloadable versions, newest first: the one current at purchase and those released within 6 months. */
  versions: z.array(ZTemplateRelease),
});

export const ZTemplateDownloadParams = z.object({
  version: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]*$/, 'Unknown version'),
});

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
export const billingLicenceRoutes = defineRoutes({
  licence: {
    method: 'GET',
    path: '/api/billing/licence',
    summary: "The signed-in buyer's template licence and the versions it may download (buyers only)",
    tag: 'billing',
    auth: 'session',
    responses: { 200: ZLicenceAccess, ...errors },
  },
  downloadTemplate: {
    method: 'GET',
    path: '/api/billing/licence/versions/:version/archive',
    summary:
      'Download one template version (application/gzip, streamed, with content-length and x-content-sha256; a download, not JSON)',
    tag: 'billing',
    auth: 'session',
    params: ZTemplateDownloadParams,
    responses: { 200: z.string(), ...errors },
  },
});
