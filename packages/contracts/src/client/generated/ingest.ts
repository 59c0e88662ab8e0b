// Generated from serviceRoutes.ingest by `npm run generate -w @dealflow/contracts`: do not edit.
// Method, path and input shape only; the types come from the route table, the schemas never ship.
import { endpoint } from '../endpoint.js';

export const listEmails = /* @__PURE__ */ endpoint('ingest', 'listEmails', 'GET', '/api/emails', 2);
export const getEmail = /* @__PURE__ */ endpoint('ingest', 'getEmail', 'GET', '/api/emails/:id', 2);
export const retryEmail = /* @__PURE__ */ endpoint(
  'ingest',
  'retryEmail',
  'POST',
  '/api/emails/:id/retry',
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
