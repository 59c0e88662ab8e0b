// Generated from serviceRoutes.ingest by `npm run generate -w @dealflow/contracts`: do not edit.
// Method, path and input shape only; the types come from the route table, the schemas never ship.
import { endpoint } from '../endpoint.js';

export const listEmails = /* @__PURE__ */ endpoint('ingest', 'listEmails', 'GET', '/api/emails', 2);
export const getEmail = /* @__PURE__ */ endpoint('ingest', 'getEmail', 'GET', '/api/emails/:id', 2);
export const pipeline = /* @__PURE__ */ endpoint('ingest', 'pipeline', 'GET', '/api/emails/pipeline', 0);
export const correctField = /* @__PURE__ */ endpoint(
  'ingest',
  'correctField',
  'PATCH',
  '/api/emails/:id/extracted-data',
  2,
);
export const retryEmail = /* @__PURE__ */ endpoint(
  'ingest',
  'retryEmail',
  'POST',
  '/api/emails/:id/retry',
  2,
);
export const archiveEmail = /* @__PURE__ */ endpoint(
  'ingest',
  'archiveEmail',
  'POST',
  '/api/emails/:id/archive',
  2,
);
export const unarchiveEmail = /* @__PURE__ */ endpoint(
  'ingest',
  'unarchiveEmail',
  'POST',
  '/api/emails/:id/unarchive',
  2,
);
export const deleteEmail = /* @__PURE__ */ endpoint('ingest', 'deleteEmail', 'DELETE', '/api/emails/:id', 2);
export const bulkEmails = /* @__PURE__ */ endpoint('ingest', 'bulkEmails', 'POST', '/api/emails/bulk', 1);
export const markNotADeck = /* @__PURE__ */ endpoint(
  'ingest',
  'markNotADeck',
  'POST',
  '/api/emails/:id/not-a-deck',
  2,
);
export const exportEmails = /* @__PURE__ */ endpoint(
  'ingest',
  'exportEmails',
  'GET',
  '/api/emails/export',
  2,
);
export const blockedSenders = /* @__PURE__ */ endpoint(
  'ingest',
  'blockedSenders',
  'GET',
  '/api/integrations/blocked-senders',
  0,
);
export const unblockSender = /* @__PURE__ */ endpoint(
  'ingest',
  'unblockSender',
  'DELETE',
  '/api/integrations/blocked-senders/:id',
  2,
);
export const scan = /* @__PURE__ */ endpoint('ingest', 'scan', 'POST', '/api/emails/scan', 0);
export const mailbox = /* @__PURE__ */ endpoint('ingest', 'mailbox', 'GET', '/api/integrations/mailbox', 0);
export const mailboxTest = /* @__PURE__ */ endpoint(
  'ingest',
  'mailboxTest',
  'POST',
  '/api/integrations/mailbox/test',
  1,
);
export const mailboxConnect = /* @__PURE__ */ endpoint(
  'ingest',
  'mailboxConnect',
  'POST',
  '/api/integrations/mailbox',
  1,
);
export const mailboxSettings = /* @__PURE__ */ endpoint(
  'ingest',
  'mailboxSettings',
  'PATCH',
  '/api/integrations/mailbox/settings',
  1,
);
export const mailboxRotateSecret = /* @__PURE__ */ endpoint(
  'ingest',
  'mailboxRotateSecret',
  'POST',
  '/api/integrations/mailbox/webhook-secret',
  0,
);
export const mailboxRotateAddress = /* @__PURE__ */ endpoint(
  'ingest',
  'mailboxRotateAddress',
  'POST',
  '/api/integrations/mailbox/inbound-address',
  0,
);
export const mailboxRevealSecret = /* @__PURE__ */ endpoint(
  'ingest',
  'mailboxRevealSecret',
  'POST',
  '/api/integrations/mailbox/webhook-secret/reveal',
  0,
);
export const mailboxMailgunKey = /* @__PURE__ */ endpoint(
  'ingest',
  'mailboxMailgunKey',
  'PUT',
  '/api/integrations/mailbox/mailgun-key',
  1,
);
export const mailboxDisconnect = /* @__PURE__ */ endpoint(
  'ingest',
  'mailboxDisconnect',
  'DELETE',
  '/api/integrations/mailbox',
  0,
);
export const accounting = /* @__PURE__ */ endpoint(
  'ingest',
  'accounting',
  'GET',
  '/api/integrations/accounting',
  0,
);
export const accountingUpdate = /* @__PURE__ */ endpoint(
  'ingest',
  'accountingUpdate',
  'PUT',
  '/api/integrations/accounting',
  1,
);
export const submitEmail = /* @__PURE__ */ endpoint('ingest', 'submitEmail', 'POST', '/api/emails', 0);
export const getEmailMessage = /* @__PURE__ */ endpoint(
  'ingest',
  'getEmailMessage',
  'GET',
  '/api/emails/:id/message',
  2,
);
export const getEmailDeck = /* @__PURE__ */ endpoint(
  'ingest',
  'getEmailDeck',
  'GET',
  '/api/emails/:id/deck',
  2,
);
export const getEmailAttachment = /* @__PURE__ */ endpoint(
  'ingest',
  'getEmailAttachment',
  'GET',
  '/api/emails/:id/attachments/:attachmentId',
  2,
);
export const analyticsDecksPerWeek = /* @__PURE__ */ endpoint(
  'ingest',
  'analyticsDecksPerWeek',
  'GET',
  '/api/analytics/decks-per-week',
  2,
);
export const analyticsIndustries = /* @__PURE__ */ endpoint(
  'ingest',
  'analyticsIndustries',
  'GET',
  '/api/analytics/industries',
  2,
);
export const analyticsStages = /* @__PURE__ */ endpoint(
  'ingest',
  'analyticsStages',
  'GET',
  '/api/analytics/stages',
  2,
);
export const analyticsCountries = /* @__PURE__ */ endpoint(
  'ingest',
  'analyticsCountries',
  'GET',
  '/api/analytics/countries',
  2,
);
export const analyticsFunnel = /* @__PURE__ */ endpoint(
  'ingest',
  'analyticsFunnel',
  'GET',
  '/api/analytics/funnel',
  2,
);
export const analyticsTimeToProcess = /* @__PURE__ */ endpoint(
  'ingest',
  'analyticsTimeToProcess',
  'GET',
  '/api/analytics/time-to-process',
  2,
);
export const accountingSync = /* @__PURE__ */ endpoint(
  'ingest',
  'accountingSync',
  'POST',
  '/api/integrations/accounting/sync',
  1,
);
export const accountingSyncLog = /* @__PURE__ */ endpoint(
  'ingest',
  'accountingSyncLog',
  'GET',
  '/api/integrations/accounting/sync-log',
  0,
);
export const accountingSyncExport = /* @__PURE__ */ endpoint(
  'ingest',
  'accountingSyncExport',
  'GET',
  '/api/integrations/accounting/sync-log/:id/export',
  2,
);
