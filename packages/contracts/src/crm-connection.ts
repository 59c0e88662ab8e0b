import { z } from 'zod';
import { defineRoutes } from './http.js';
import { ZErrorBody } from './records-base.js';

/**
 * An organization's own Affinity account (issue 13: Affinity keys per organization, sealed at rest like the
 * mailbox password, set by the owner on Integration 2). The key itself is never answered, only its last four
 * characters.
 */
export const ZAffinityConnection = z.object({
  connected: z.boolean(),
  /** false when the service has no CRM_ENCRYPTION_KEY: no organization can connect Affinity then. */
  available: z.boolean(),
  listId: z.number().int().nullable(),
  webUrl: z.string().nullable(),
  apiKeyHint: z.string().nullable(),
});
export type TAffinityConnection = z.infer<typeof ZAffinityConnection>;

export const ZConnectAffinityBody = z.object({
  apiKey: z.string().trim().min(8, 'Enter the Affinity API key').max(200),
  listId: z.number().int().positive('Enter the id of an Affinity list of opportunities'),
  /** The tenant's Affinity address, where opportunities open (default https://app.affinity.co). */
  webUrl: z
    .url('Enter your Affinity address, such as https://fund.affinity.co')
    .refine((u) => u.startsWith('https://'), 'The Affinity address must start with https://')
    .optional(),
});
export type TConnectAffinityBody = z.infer<typeof ZConnectAffinityBody>;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 503: ZErrorBody };

/** svc-crm's routes for the organization's CRM connection. */
export const crmConnectionRoutes = defineRoutes({
  getAffinityConnection: {
    method: 'GET',
    path: '/api/crm/affinity',
    summary: "The organization's Affinity connection (never the key)",
    tag: 'crm',
    auth: 'member',
    responses: { 200: ZAffinityConnection, ...errors },
  },
  connectAffinity: {
    method: 'PUT',
    path: '/api/crm/affinity',
    summary:
      "Connect the organization's own Affinity account (the key is checked with Affinity, then sealed)",
    tag: 'crm',
    auth: 'owner',
    body: ZConnectAffinityBody,
    responses: { 200: ZAffinityConnection, ...errors },
  },
  disconnectAffinity: {
    method: 'DELETE',
    path: '/api/crm/affinity',
    summary: 'Disconnect Affinity: new deals go to the built-in CRM',
    tag: 'crm',
    auth: 'owner',
    responses: { 200: ZAffinityConnection, ...errors },
  },
});
