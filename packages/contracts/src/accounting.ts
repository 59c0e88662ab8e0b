import { z } from 'zod';
import { ZErrorBody, ZId, ZIsoDate } from './common.js';
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
  /**
   * The format of the run's sync export (the settings' data format when it ran): what was pushed to Xero and
   * Xero's answer per contact, downloadable as JSON, XML or CSV. Null when nothing was sent (Xero refused
   * the connection, or the run is still going). Xero itself always receives JSON through its SDK.
   */
  exportFormat: z.enum(['json', 'xml', 'csv']).nullable(),
});
export type TAccountingSyncRun = z.infer<typeof ZAccountingSyncRun>;

export const ZAccountingSyncLog = z.object({ runs: z.array(ZAccountingSyncRun) });
export type TAccountingSyncLog = z.infer<typeof ZAccountingSyncLog>;

/** The seed's "data to sync": DealFlow holds companies (Xero contacts); it has no transactions or products. */
export const ZAccountingSyncBody = z.object({
  data: z.enum(['all', 'customers']).default('all'),
});

/** The sync export's media types (the download's Content-Type) and file extensions, by format. */
export const SYNC_EXPORT_TYPES = {
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  xml: { contentType: 'application/xml; charset=utf-8', extension: 'xml' },
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
} as const;

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
  accountingSyncExport: {
    method: 'GET',
    path: '/api/integrations/accounting/sync-log/:id/export',
    summary:
      "One run's sync export: the contacts pushed to Xero with their ContactIDs and outcome, in the run's format (JSON, XML or CSV; a download)",
    tag: 'integrations',
    auth: 'member',
    params: z.object({ id: ZId }),
    responses: { 200: z.string(), 404: ZErrorBody, ...errors },
  },
});
