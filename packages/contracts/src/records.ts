import { z } from 'zod';
import { ZErrorBody, ZExtractedDataSchema, ZId, ZRecordStatus } from './records-base.js';
import { defineRoutes } from './http.js';

export { ZExtractedDataSchema };
export const RECORDS_PAGE_SIZE = 10;
export const ZRecordFilter = z.enum([
  'all',
  'completed',
  'processing',
  'failed',
  'pending',
  'not_added_missing_domain',
]);

export const ZEmailRecord = z.object({
  id: ZId,
  from: z.string(),
  fromEmail: z.string(),
  subject: z.string().nullable(),
  receivedAt: z.string(),
  status: ZRecordStatus,
  statusReason: z.string().nullable(),
  affinityDealId: z.string().nullable(),
  dealUrl: z.string().nullable(),
  deckLinks: z.array(z.string()),
  attachments: z.array(
    z.object({ id: ZId, filename: z.string(), contentType: z.string(), size: z.number().int() }),
  ),
  extractedData: ZExtractedDataSchema.nullable(),
  canAnalyze: z.boolean(),
});
export const ZEmailListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(RECORDS_PAGE_SIZE),
  filter: ZRecordFilter.default('all'),
  searchTerm: z.string().max(200).optional(),
});
export const ZEmailList = z.object({ data: z.array(ZEmailRecord), total: z.number().int() });
export const ZScanResult = z.object({ fetched: z.number().int(), message: z.string() });

export const ZMailboxConnectBody = z.object({
  host: z.string().min(1).max(255),
  port: z.coerce.number().int().min(1).max(65535),
  secure: z.boolean().default(true),
  username: z.string().min(1).max(320),
  password: z.string().min(1, 'API key is required').max(1024),
});
export const ZMailboxSettings = z.object({
  folder: z.string().min(1).max(255).default('INBOX'),
  autoScanMinutes: z.number().int().min(0).max(1440).default(15),
});
export const ZMailboxStatus = z.object({
  connected: z.boolean(),
  inboundAddress: z.string(),
  /** The inbound-mail provider's webhook secret (Bearer token or HMAC key); owners only, null for members. */
  webhookSecret: z.string().nullable().optional(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  username: z.string().nullable(),
  lastScanAt: z.string().nullable(),
  settings: ZMailboxSettings,
});
export const ZAccountingSettings = z.object({
  connected: z.boolean(),
  clientId: z.string().max(255).nullable(),
  environment: z.enum(['sandbox', 'production']),
  advancedFeatures: z.boolean(),
  dataFormat: z.enum(['json', 'xml', 'csv']),
  syncFrequency: z.enum(['hourly', 'daily', 'weekly', 'monthly']),
  encryption: z.boolean(),
  autoSync: z.boolean(),
  lastSyncAt: z.string().nullable(),
});

export const ZDeal = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  domain: z.string(),
  stage: z.string(),
  provider: z.enum(['builtin', 'affinity']),
  url: z.string(),
  emailId: ZId,
  createdAt: z.string(),
  notes: z.string().nullable(),
});
export const ZAnalysis = z.object({
  emailId: ZId,
  strengths: z.array(z.string()),
  risks: z.array(z.string()),
  openQuestions: z.array(z.string()),
  marketNotes: z.array(z.string()),
  model: z.string(),
  createdAt: z.string(),
});

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const IdParams = z.object({ id: ZId });
/** svc-ingest's routes: records, mail intake and the integrations. */
export const ingestRoutes = defineRoutes({
  listEmails: {
    method: 'GET',
    path: '/api/emails',
    summary: 'Processed records, newest first',
    tag: 'records',
    auth: 'member',
    query: ZEmailListQuery,
    responses: { 200: ZEmailList, ...errors },
  },
  getEmail: {
    method: 'GET',
    path: '/api/emails/:id',
    summary: 'One record with its extracted data',
    tag: 'records',
    auth: 'member',
    params: IdParams,
    responses: { 200: ZEmailRecord, ...errors },
  },
  retryEmail: {
    method: 'POST',
    path: '/api/emails/:id/retry',
    summary: 'Reprocess a failed or Missing Domain record',
    tag: 'records',
    auth: 'member',
    params: IdParams,
    responses: { 202: ZEmailRecord, ...errors },
  },
  scan: {
    method: 'POST',
    path: '/api/emails/scan',
    summary: 'Fetch new messages from the connected mailbox',
    tag: 'records',
    auth: 'member',
    responses: { 200: ZScanResult, ...errors, 503: ZErrorBody },
  },
  mailbox: {
    method: 'GET',
    path: '/api/integrations/mailbox',
    summary: 'Mailbox connection status and inbound address',
    tag: 'integrations',
    auth: 'member',
    responses: { 200: ZMailboxStatus, ...errors },
  },
  mailboxTest: {
    method: 'POST',
    path: '/api/integrations/mailbox/test',
    summary: 'Try the IMAP credentials',
    tag: 'integrations',
    auth: 'owner',
    body: ZMailboxConnectBody,
    responses: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
  },
  mailboxConnect: {
    method: 'POST',
    path: '/api/integrations/mailbox',
    summary: 'Store IMAP credentials (encrypted)',
    tag: 'integrations',
    auth: 'owner',
    body: ZMailboxConnectBody,
    responses: { 200: ZMailboxStatus, ...errors },
  },
  mailboxSettings: {
    method: 'PATCH',
    path: '/api/integrations/mailbox/settings',
    summary: 'Folder and auto-scan interval',
    tag: 'integrations',
    auth: 'owner',
    body: ZMailboxSettings.partial(),
    responses: { 200: ZMailboxStatus, ...errors },
  },
  mailboxDisconnect: {
    method: 'DELETE',
    path: '/api/integrations/mailbox',
    summary: 'Delete the stored credentials',
    tag: 'integrations',
    auth: 'owner',
    responses: { 200: ZMailboxStatus, ...errors },
  },
  accounting: {
    method: 'GET',
    path: '/api/integrations/accounting',
    summary: 'Accounting connection settings',
    tag: 'integrations',
    auth: 'member',
    responses: { 200: ZAccountingSettings, ...errors },
  },
  accountingUpdate: {
    method: 'PUT',
    path: '/api/integrations/accounting',
    summary: 'Save accounting connection settings',
    tag: 'integrations',
    auth: 'owner',
    body: ZAccountingSettings.omit({ lastSyncAt: true })
      .extend({ clientSecret: z.string().max(1024).optional() })
      .partial(),
    responses: { 200: ZAccountingSettings, ...errors },
  },
  mailWebhook: {
    method: 'POST',
    path: '/webhooks/mail',
    summary: 'Inbound raw RFC 5322 message (authenticated by the organization secret)',
    tag: 'webhooks',
    auth: 'signature',
    responses: {
      202: z.object({ accepted: z.literal(true), emailId: ZId }),
      400: ZErrorBody,
      401: ZErrorBody,
      413: ZErrorBody,
    },
  },
  organizationInbound: {
    method: 'GET',
    path: '/internal/organizations/:orgId/inbound',
    summary: "An organization's inbound address and webhook secret (dev-stack, end-to-end tests)",
    tag: 'internal',
    auth: 'internal',
    params: z.object({ orgId: ZId }),
    responses: {
      200: z.object({ orgId: ZId, inboundAddress: z.string(), webhookSecret: z.string() }),
      401: ZErrorBody,
      404: ZErrorBody,
    },
  },
});

/** svc-crm's routes: deals and analysis. */
export const crmRoutes = defineRoutes({
  getDeal: {
    method: 'GET',
    path: '/api/deals/by-email/:id',
    summary: 'The CRM deal of a record',
    tag: 'crm',
    auth: 'member',
    params: IdParams,
    responses: { 200: ZDeal, ...errors },
  },
  getDealById: {
    method: 'GET',
    path: '/api/deals/:id',
    summary: 'A built-in CRM deal by its id (the deal link)',
    tag: 'crm',
    auth: 'member',
    params: IdParams,
    responses: { 200: ZDeal, ...errors },
  },
  analysis: {
    method: 'POST',
    path: '/api/analysis/:id',
    summary: 'AI analysis of a completed record (Pro plan)',
    tag: 'crm',
    auth: 'member',
    params: IdParams,
    responses: { 200: ZAnalysis, ...errors, 502: ZErrorBody, 503: ZErrorBody },
  },
});
