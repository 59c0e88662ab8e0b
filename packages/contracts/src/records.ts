import { z } from 'zod';
import { ZErrorBody, ZExtractedDataSchema, ZId, ZRecordStatus } from './records-base.js';
import { defineRoutes } from './http.js';
import { DECK_SECTIONS, ZExtractedField, ZExtractionProvenance } from './events.js';

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

/** A person's correction of one extracted field: the value the extraction gave is kept. */
export const ZFieldCorrection = z.object({
  original: z.union([z.string(), z.number()]).nullable(),
  correctedAt: z.string(),
  correctedBy: ZId.nullable(),
});
export const ZRecordCorrections = z.partialRecord(ZExtractedField, ZFieldCorrection);

export const ZEmailRecord = z.object({
  id: ZId,
  from: z.string(),
  fromEmail: z.string(),
  subject: z.string().nullable(),
  /** When the email was sent: its `Date` header (the ingestion time when the header is missing or invalid). */
  receivedAt: z.string(),
  /** When Dealflow received it (webhook or mailbox scan). */
  ingestedAt: z.string(),
  status: ZRecordStatus,
  statusReason: z.string().nullable(),
  affinityDealId: z.string().nullable(),
  dealUrl: z.string().nullable(),
  deckLinks: z.array(z.string()),
  attachments: z.array(
    z.object({ id: ZId, filename: z.string(), contentType: z.string(), size: z.number().int() }),
  ),
  extractedData: ZExtractedDataSchema.nullable(),
  /** Where each extracted value came from (slide, snippet, confidence); empty before extraction. */
  provenance: ZExtractionProvenance,
  /** The fields a person corrected, with the extracted value each replaced. */
  corrections: ZRecordCorrections,
  canAnalyze: z.boolean(),
  /** When the record was archived (hidden from the inbox view, kept); null when it is in the inbox. */
  archivedAt: z.string().nullable().optional(),
  /** Marked "not a deck" by a member (spam, newsletter). */
  notADeck: z.boolean().optional(),
  /** The member the record is counted against (the forwarding member or the mailbox owner). */
  ownerId: ZId.nullable().optional(),
  /** With a search: the matching passage (deck text, subject or sender), each match between U+0002 and U+0003. */
  snippet: z.string().nullable().optional(),
});

const text = (max: number) => z.string().trim().min(1, 'Enter a value').max(max);
const clearable = <T extends z.ZodType>(schema: T) => schema.nullable();
/** One field's corrected value, validated as that field (null clears it, except the company name). */
export const ZCorrectFieldBody = z.discriminatedUnion('field', [
  z.object({ field: z.literal('companyName'), value: text(200) }).strict(),
  z.object({ field: z.literal('industry'), value: clearable(text(100)) }).strict(),
  z.object({ field: z.literal('description'), value: clearable(text(2000)) }).strict(),
  z
    .object({
      field: z.literal('website'),
      value: clearable(
        z
          .string()
          .trim()
          .max(253)
          .regex(
            /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(\/\S*)?$/i,
            'Enter a website such as example.com',
          ),
      ),
    })
    .strict(),
  z.object({ field: z.literal('location'), value: clearable(text(200)) }).strict(),
  z
    .object({
      field: z.literal('foundedYear'),
      value: z
        .number()
        .int('Enter a year')
        .min(1800, 'Enter a year from 1800')
        .max(new Date().getUTCFullYear() + 1, 'The year is in the future')
        .nullable(),
    })
    .strict(),
  z.object({ field: z.literal('fundingRound'), value: clearable(text(60)) }).strict(),
  z.object({ field: z.literal('fundingAmount'), value: clearable(text(60)) }).strict(),
  z.object({ field: z.literal('contactName'), value: clearable(text(200)) }).strict(),
  z
    .object({
      field: z.literal('contactEmail'),
      value: z.string().trim().max(320).pipe(z.email('Enter an email address')).nullable(),
    })
    .strict(),
  z
    .object({
      field: z.literal('contactPhone'),
      value: clearable(
        z
          .string()
          .trim()
          .max(40)
          .regex(/^\+?[0-9 ().-]{5,40}$/, 'Enter a phone number'),
      ),
    })
    .strict(),
  z.object({ field: z.literal('contactPosition'), value: clearable(text(100)) }).strict(),
]);
export type TCorrectFieldBody = z.infer<typeof ZCorrectFieldBody>;

/** Records received (by their `Date`) since the first of the month (UTC), per status: the dashboard's pipeline. */
export const ZPipelineCounts = z.object({
  since: z.string(),
  counts: z.array(z.object({ status: ZRecordStatus, count: z.number().int().nonnegative() })),
});
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD');
/** PostgreSQL refuses NUL in text: a filter with one is a 400, not a failed query. */
const noNul = (value: string | undefined) => !value?.includes('\u0000');
const NUL_MESSAGE = 'Remove the control character from the filter';
const ZFilterText = z.string().trim().min(1).max(100).refine(noNul, NUL_MESSAGE).optional();
/** The records list's filters (all combinable; the list page keeps them in its URL), shared by the list and the export. */
export const ZEmailFilters = z.object({
  filter: ZRecordFilter.default('all'),
  /** Inbox (not archived, the default), the archive, or both. */
  view: z.enum(['inbox', 'archived', 'all']).default('inbox'),
  /** Full-text search over the deck's text, company, sender and subject (ranked, with a snippet). */
  searchTerm: z.string().max(200).refine(noNul, NUL_MESSAGE).optional(),
  /** Extracted industry, funding round and location: case-insensitive, part of the value. */
  industry: ZFilterText,
  fundingRound: ZFilterText,
  location: ZFilterText,
  /** Received (the email's Date header) on or after this day, UTC. */
  receivedFrom: ZDay.optional(),
  /** Received on or before this day, UTC. */
  receivedTo: ZDay.optional(),
  /** The member the record belongs to. */
  ownerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type TEmailFilters = z.infer<typeof ZEmailFilters>;
export const ZEmailListQuery = ZEmailFilters.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(RECORDS_PAGE_SIZE),
});
export type TEmailListQuery = z.infer<typeof ZEmailListQuery>;
export const BULK_RECORDS_MAX = 100;
export const ZBulkEmailsBody = z
  .object({
    action: z.enum(['archive', 'unarchive', 'delete', 'retry']),
    ids: z
      .array(ZId)
      .min(1, 'Select at least one record')
      .max(BULK_RECORDS_MAX, `Select at most ${BULK_RECORDS_MAX} records`),
  })
  .strict();
export const ZBulkEmailsResult = z.object({
  /** One entry per id: done, or why not (not found, not retryable). */
  results: z.array(z.object({ id: ZId, ok: z.boolean(), message: z.string().optional() })),
});
export const ZNotADeckBody = z
  .object({
    /** Also refuse future mail from this sender, or from the sender's whole domain, for the organization. */
    block: z.enum(['none', 'sender', 'domain']).default('none'),
  })
  .strict();
export const ZBlockedSender = z.object({
  id: ZId,
  kind: z.enum(['sender', 'domain']),
  value: z.string(),
  createdAt: z.string(),
});
export const ZBlockedSenders = z.object({ entries: z.array(ZBlockedSender) });
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
  /**
   * The inbound-mail provider's webhook secret (Bearer token or HMAC key), masked: its last four characters
   * (`••••abcd`); owners only, null for members. The secret itself only through mailboxRevealSecret.
   */
  webhookSecretMasked: z.string().nullable().optional(),
  /** The path inbound mail providers post to (on the app's own origin). */
  webhookPath: z.string().optional(),
  /** Whether a Mailgun signing key is stored (the key itself is never returned). */
  mailgunConfigured: z.boolean().optional(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  username: z.string().nullable(),
  lastScanAt: z.string().nullable(),
  settings: ZMailboxSettings,
  /**
   * The last Gmail forwarding-confirmation email to the inbound address (owners only, null otherwise): the code
   * and link to confirm the forwarding in Gmail, the Gmail address asking to forward, when it came (issue 22).
   */
  forwardingConfirmation: z
    .object({ code: z.string(), link: z.string(), forwarder: z.string().nullable(), receivedAt: z.string() })
    .nullable()
    .optional(),
  /**
   * The address before the owner's last rotation, still receiving until `previousInboundUntil` (issue 22); null
   * when there is none or its grace period is over. `addressGraceDays`: how long a rotated address keeps receiving.
   */
  previousInboundAddress: z.string().nullable().optional(),
  previousInboundUntil: z.string().nullable().optional(),
  addressGraceDays: z.number().int().optional(),
});
export const ZMailgunKeyBody = z.object({
  /** Mailgun's "HTTP webhook signing key" (Sending > Webhooks); null removes it. */
  signingKey: z.string().trim().min(8, 'Paste the signing key from Mailgun').max(200).nullable(),
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
  /** The Xero organisation the custom connection reaches (known once connected). */
  tenantName: z.string().nullable().optional(),
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
  /**
   * Present when no AI endpoint is configured: the analysis made from the deck's outline and extracted data,
   * shown as "offline analysis".
   */
  offline: z
    .object({
      sectionsPresent: z.array(
        z.object({ section: z.enum(DECK_SECTIONS), page: z.number().int().nullable() }),
      ),
      sectionsMissing: z.array(z.enum(DECK_SECTIONS)),
      keyMetrics: z.array(
        z.object({ label: z.string(), value: z.string(), page: z.number().int().nullable() }),
      ),
      missingInformation: z.array(z.string()),
      redFlags: z.array(z.string()),
    })
    .optional(),
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
    apiKey: 'read',
    query: ZEmailListQuery,
    responses: { 200: ZEmailList, ...errors },
  },
  getEmail: {
    method: 'GET',
    path: '/api/emails/:id',
    summary: 'One record with its extracted data',
    tag: 'records',
    auth: 'member',
    apiKey: 'read',
    params: IdParams,
    responses: { 200: ZEmailRecord, ...errors },
  },
  pipeline: {
    method: 'GET',
    path: '/api/emails/pipeline',
    summary: 'Records of this month per status (dashboard)',
    tag: 'records',
    auth: 'member',
    responses: { 200: ZPipelineCounts, ...errors },
  },
  correctField: {
    method: 'PATCH',
    path: '/api/emails/:id/extracted-data',
    summary: 'Correct one extracted field of a record (the CRM deal follows)',
    tag: 'records',
    auth: 'member',
    params: IdParams,
    body: ZCorrectFieldBody,
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
  archiveEmail: {
    method: 'POST',
    path: '/api/emails/:id/archive',
    summary: 'Archive a record (hidden from the inbox view, kept)',
    tag: 'records',
    auth: 'member',
    params: IdParams,
    responses: { 200: ZEmailRecord, ...errors },
  },
  unarchiveEmail: {
    method: 'POST',
    path: '/api/emails/:id/unarchive',
    summary: 'Return an archived record to the inbox',
    tag: 'records',
    auth: 'member',
    params: IdParams,
    responses: { 200: ZEmailRecord, ...errors },
  },
  deleteEmail: {
    method: 'DELETE',
    path: '/api/emails/:id',
    summary: 'Delete a record',
    description:
      "Delete a record: its stored deck files, the deck's text and the email's body are purged (the CRM deal stays). The organization's activity log records who deleted it.",
    tag: 'records',
    auth: 'member',
    params: IdParams,
    responses: { 200: z.object({ deleted: z.literal(true), id: ZId }), ...errors },
  },
  bulkEmails: {
    method: 'POST',
    path: '/api/emails/bulk',
    summary: 'Archive, unarchive, delete or retry up to 100 selected records',
    tag: 'records',
    auth: 'member',
    body: ZBulkEmailsBody,
    responses: { 200: ZBulkEmailsResult, ...errors },
  },
  markNotADeck: {
    method: 'POST',
    path: '/api/emails/:id/not-a-deck',
    summary: 'Mark a record "not a deck" (archived), optionally blocking its sender or domain',
    description:
      "Mark a record \"not a deck\": it is archived and kept out of the pipeline; with block 'sender' or 'domain' the organization's intake refuses later mail from that address or domain (listed on Integration 1).",
    tag: 'records',
    auth: 'member',
    params: IdParams,
    body: ZNotADeckBody,
    responses: { 200: ZEmailRecord, ...errors },
  },
  exportEmails: {
    method: 'GET',
    path: '/api/emails/export',
    summary:
      'The records for the list filters as CSV (text/csv, UTF-8 with BOM, streamed; a download, not JSON)',
    tag: 'records',
    auth: 'member',
    query: ZEmailFilters,
    responses: { 200: z.string(), ...errors },
  },
  blockedSenders: {
    method: 'GET',
    path: '/api/integrations/blocked-senders',
    summary: "The organization's blocked senders and domains (intake refuses their mail)",
    tag: 'integrations',
    auth: 'member',
    responses: { 200: ZBlockedSenders, ...errors },
  },
  unblockSender: {
    method: 'DELETE',
    path: '/api/integrations/blocked-senders/:id',
    summary: 'Remove a sender or domain from the block list',
    tag: 'integrations',
    auth: 'owner',
    params: IdParams,
    responses: { 200: ZBlockedSenders, ...errors },
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
  mailboxRotateSecret: {
    method: 'POST',
    path: '/api/integrations/mailbox/webhook-secret',
    summary: 'Replace the webhook secret (the old one stops working at once)',
    tag: 'integrations',
    auth: 'owner',
    responses: { 200: ZMailboxStatus, ...errors },
  },
  mailboxRotateAddress: {
    method: 'POST',
    path: '/api/integrations/mailbox/inbound-address',
    summary:
      'Give the organization a new inbound address; the old one keeps receiving for the grace period (INBOUND_ADDRESS_GRACE_DAYS) and then stops',
    tag: 'integrations',
    auth: 'owner',
    responses: { 200: ZMailboxStatus, ...errors },
  },
  mailboxRevealSecret: {
    method: 'POST',
    path: '/api/integrations/mailbox/webhook-secret/reveal',
    summary:
      'The webhook secret itself (owners, with a password check or sign-in in the last 10 minutes: 403 REAUTH_REQUIRED otherwise); recorded in the activity log',
    tag: 'integrations',
    auth: 'owner',
    responses: { 200: z.object({ webhookSecret: z.string() }), ...errors },
  },
  mailboxMailgunKey: {
    method: 'PUT',
    path: '/api/integrations/mailbox/mailgun-key',
    summary: "Store Mailgun's webhook signing key (encrypted) to verify Mailgun's posts",
    tag: 'integrations',
    auth: 'owner',
    body: ZMailgunKeyBody,
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
    body: ZAccountingSettings.omit({ lastSyncAt: true, tenantName: true })
      .extend({ clientSecret: z.string().max(1024).optional() })
      .partial(),
    responses: { 200: ZAccountingSettings, ...errors },
  },
  submitEmail: {
    method: 'POST',
    path: '/api/emails',
    summary:
      "Submit a raw RFC 5322 message (Content-Type message/rfc822) to the organization's intake, as if it had been emailed",
    tag: 'records',
    auth: 'member',
    apiKey: 'write',
    rawBody: 'message/rfc822',
    responses: {
      // emailId null: Gmail's forwarding-confirmation email, kept for Integration 1 and never a record (issue 22).
      202: z.object({ accepted: z.literal(true), emailId: ZId.nullable(), duplicate: z.boolean() }),
      ...errors,
      413: ZErrorBody,
      429: ZErrorBody,
    },
  },
  mailWebhook: {
    method: 'POST',
    path: '/webhooks/mail',
    summary: 'Inbound raw RFC 5322 message (authenticated by the organization secret)',
    tag: 'webhooks',
    auth: 'signature',
    rawBody: 'message/rfc822',
    responses: {
      // emailId null: a blocked sender's mail, dropped without a record (answered 2xx: providers retry any other).
      202: z.object({ accepted: z.literal(true), emailId: ZId.nullable() }),
      400: ZErrorBody,
      401: ZErrorBody,
      413: ZErrorBody,
    },
  },
  sesWebhook: {
    method: 'POST',
    path: '/webhooks/mail/ses',
    summary:
      'Amazon SES inbound mail through an SNS HTTPS subscription: the SNS signature, and the organization secret as basic auth (`?recipient=` names the organization)',
    tag: 'webhooks',
    auth: 'signature',
    responses: {
      200: z.object({
        type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
        emailId: ZId.nullable(),
      }),
      400: ZErrorBody,
      401: ZErrorBody,
      413: ZErrorBody,
    },
  },
  operatorInbound: {
    method: 'POST',
    path: '/webhooks/mail/operator/:provider',
    summary:
      "The installation's inbound mail from one provider account for every organization, routed by recipient: `raw` (Bearer INBOUND_OPERATOR_TOKEN), `sendgrid` and `postmark` (basic auth in the URL), `mailgun` (Mailgun's signature), `ses` (an SNS subscription, SNS's signature); an unknown recipient is answered 200 with no record",
    tag: 'webhooks',
    auth: 'signature',
    rawBody: 'message/rfc822',
    params: z.object({ provider: z.enum(['raw', 'sendgrid', 'mailgun', 'postmark', 'ses']) }),
    responses: {
      200: z.object({
        accepted: z.literal(true),
        /** One record per organization the message was addressed to (none: an unknown recipient). */
        emailIds: z.array(ZId),
        /** SNS's message type (`ses` only). */
        type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']).optional(),
      }),
      400: ZErrorBody,
      401: ZErrorBody,
      404: ZErrorBody,
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
    apiKey: 'read',
    params: IdParams,
    responses: { 200: ZDeal, ...errors },
  },
  getDealById: {
    method: 'GET',
    path: '/api/deals/:id',
    summary: 'A built-in CRM deal by its id (the deal link)',
    tag: 'crm',
    auth: 'member',
    apiKey: 'read',
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
