import { defineErrors } from '@dealflow/service-kit';

/** svc-ingest's errors: code, HTTP status and the message people see. */
export const IngestError = defineErrors('IngestError', {
  MALFORMED_MESSAGE: { status: 400, message: 'Malformed message' },
  UNKNOWN_RECIPIENT: { status: 401, message: 'No organization receives mail at this address' },
  WEBHOOK_UNAUTHORIZED: { status: 401, message: 'Webhook secret or signature missing or wrong' },
  MAILBOX_INVALID: { status: 400, message: 'Could not connect to the mailbox' },
  ACCOUNTING_INVALID: { status: 400, message: 'Client ID and Client Secret are required' },
  EMAIL_NOT_FOUND: { status: 404, message: 'Record not found' },
  ORGANIZATION_UNKNOWN: { status: 404, message: 'Unknown organization' },
  ORGANIZATION_NOT_READY: {
    status: 404,
    message: 'This organization is not set up for mail yet; try again in a moment',
  },
  NOT_RETRYABLE: { status: 409, message: 'Only failed and Missing Domain records can be retried' },
  NO_MAILBOX: { status: 409, message: 'No mailbox is connected: connect one on Integration 1 first' },
  MAILBOX_UNREACHABLE: { status: 503, message: 'The mailbox could not be scanned' },
  ENCRYPTION_NOT_CONFIGURED: {
    status: 503,
    message: 'Credentials cannot be stored: MAILBOX_ENCRYPTION_KEY is not configured',
  },
});
