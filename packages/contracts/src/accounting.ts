import { z } from 'zod';
import { ZErrorBody, ZIsoDate } from './common.js';
import { defineRoutes } from './http.js';

/**
 * Integration 2's sync (Xero, a custom connection): "Start Sync" and the sync log. The settings
 * themselves (client id and secret, environment, frequency) are ingestRoutes.accounting/accountingUpdate.
 */
export const ZAccountingSyncRun = z.object({
  id: z.number().int(),
  trigger: z.enum(['manual', 'scheduled']),
  status: z.enum(['running', 'succeeded', 'partial', 'failed']),
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  /** What went wrong, in words a person can act on; null when nothing did. */
  error: z.string().nullable(),
  startedAt: ZIsoDate,
  finishedAt: ZIsoDate.nullable(),
});
export type TAccountingSyncRun = z.infer<typeof ZAccountingSyncRun>;

export const ZAccountingSyncLog = z.object({ runs: z.array(ZAccountingSyncRun) });
export type TAccountingSyncLog = z.infer<typeof ZAccountingSyncLog>;

/** The seed's "data to sync": DealFlow holds companies (Xero contacts); it has no transactions or products. */
export const ZAccountingSyncBody = z.object({
  data: z.enum(['all', 'customers']).default('all'),
});

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody, 503: ZErrorBody };

export const accountingRoutes = defineRoutes({
  accountingSync: {
    method: 'POST',
    path: '/api/integrations/accounting/sync',
    summary: 'Push the companies that have deals to Xero as contacts now; answers with the logged run',
    tag: 'integrations',
    auth: 'owner',
    body: ZAccountingSyncBody,
    responses: { 200: ZAccountingSyncRun, ...errors },
  },
  accountingSyncLog: {
    method: 'GET',
    path: '/api/integrations/accounting/sync-log',
    summary: "Integration 2's last 20 sync runs, newest first",
    tag: 'integrations',
    auth: 'member',
    responses: { 200: ZAccountingSyncLog, ...errors },
  },
});
