import { defineErrors } from '@dealflow/service-kit';

/** Specific messages for shared codes (the status is the shared one). */
export const IngestMessages = {
  encryptionNotConfigured: 'Credentials cannot be stored: MAILBOX_ENCRYPTION_KEY is not configured',
} as const;

/**
 * svc-ingest's own error codes: code, HTTP status and the message people see. The shared ones
 * (INTEGRATION_LIMIT_REACHED, ENCRYPTION_NOT_CONFIGURED, ...) come from @dealflow/contracts/errors.
 */
export const IngestError = defineErrors('IngestError', {
  MALFORMED_MESSAGE: { status: 400, message: 'Malformed message' },
  MESSAGE_TOO_COMPLEX: { status: 422, message: 'Message too complex to read' },
  HEADERS_TOO_LARGE: { status: 400, message: 'Malformed message: the header block is too large' },
  UNKNOWN_RECIPIENT: { status: 401, message: 'No organization receives mail at this address' },
  WEBHOOK_UNAUTHORIZED: { status: 401, message: 'Webhook secret or signature missing or wrong' },
  OPERATOR_ROUTE_OFF: {
    status: 404,
    message: 'This inbound provider is not configured on this installation (see docs/DEPLOY.md)',
  },
  MAILBOX_INVALID: { status: 400, message: 'Could not connect to the mailbox' },
  ACCOUNTING_INVALID: { status: 400, message: 'Client ID and Client Secret are required' },
  ACCOUNTING_REFUSED: { status: 400, message: 'Xero refused the Client ID and Client Secret' },
  ACCOUNTING_UNREACHABLE: { status: 503, message: 'Xero could not be reached; try again in a moment' },
  ACCOUNTING_NOT_CONNECTED: { status: 409, message: 'Connect Integration 2 before syncing' },
  ACCOUNTING_SYNC_RUNNING: { status: 409, message: 'A sync is already running' },
  SYNC_EXPORT_NOT_FOUND: {
    status: 404,
    message: 'This sync has no export: nothing was sent to Xero in it, or it is older than the last 20 runs',
  },
  EMAIL_NOT_FOUND: { status: 404, message: 'Record not found' },
  SENDER_BLOCKED: {
    status: 403,
    message: 'This organization blocks mail from this sender (see the block list on Integration 1)',
  },
  BLOCKED_SENDER_NOT_FOUND: { status: 404, message: 'This sender is not on the block list' },
  EXPORT_RANGE_INVALID: { status: 400, message: 'The "received from" date is after the "received to" date' },
  DECK_NOT_FOUND: { status: 404, message: 'This record has no deck file' },
  ATTACHMENT_NOT_FOUND: { status: 404, message: 'Attachment not found' },
  VIEWER_URL_EXPIRED: { status: 403, message: 'This deck link has expired: reload the record page' },
  VIEWER_URL_INVALID: { status: 403, message: 'This deck link is not valid' },
  ORGANIZATION_UNKNOWN: { status: 404, message: 'Unknown organization' },
  ORGANIZATION_NOT_READY: {
    status: 404,
    message: 'This organization is not set up for mail yet; try again in a moment',
  },
  NOT_CORRECTABLE: { status: 409, message: 'This record has no extracted data to correct yet' },
  NOT_RETRYABLE: { status: 409, message: 'Only failed and Missing Domain records can be retried' },
  NO_MAILBOX: { status: 409, message: 'No mailbox is connected: connect one on Integration 1 first' },
  MAILBOX_UNREACHABLE: { status: 503, message: 'The mailbox could not be scanned' },
});
