import { defineErrors } from '@dealflow/service-kit';

/**
 * crm's own error codes: code, HTTP status and the message people see. The shared ones (PLAN_REQUIRED,
 * INTEGRATION_LIMIT_REACHED, ENCRYPTION_NOT_CONFIGURED, ...) come from @dealflow/contracts/errors.
 */
export const CrmMessages = {
  analysisPlanRequired: 'AI analysis is available on the Pro plan',
  encryptionNotConfigured: 'Affinity cannot be connected: CRM_ENCRYPTION_KEY is not configured',
  webhooksPlanRequired: 'Webhooks are available on the Pro plan. Upgrade on the Billing page.',
  webhooksEncryptionNotConfigured: 'Webhooks cannot be added: CRM_ENCRYPTION_KEY is not configured',
} as const;

export const CrmError = defineErrors('CrmError', {
  RECORD_NOT_FOUND: { status: 404, message: 'Record not found' },
  DEAL_NOT_FOUND: { status: 404, message: 'Deal not found' },
  UNKNOWN_STAGE: { status: 400, message: "This stage is not one of the organization's pipeline" },
  UNKNOWN_PASS_REASON: { status: 400, message: "This pass reason is not one of the organization's" },
  OWNER_NOT_A_MEMBER: { status: 400, message: 'The owner must be a member of the organization' },
  STAGE_IN_USE: { status: 409, message: 'A stage that still holds deals cannot be removed' },
  DEAL_OF_RECORD_NOT_FOUND: { status: 404, message: 'No CRM deal exists for this record' },
  RECORD_NOT_COMPLETED: { status: 403, message: 'AI analysis is available for completed records only' },
  AFFINITY_KEY_REFUSED: { status: 400, message: 'Affinity refused this API key' },
  AFFINITY_LIST_NOT_FOUND: {
    status: 400,
    message: 'No Affinity list of opportunities has this id in the account of this key',
  },
  AFFINITY_UNREACHABLE: { status: 502, message: 'Affinity could not be reached: try again' },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: 'Webhook endpoint not found' },
  WEBHOOK_URL_REFUSED: {
    status: 400,
    message: 'The webhook address must be an https URL that reaches a public address',
  },
  FOUNDER_ADDRESS_UNKNOWN: { status: 400, message: "This deal has no founder's email address to reply to" },
  REPLY_MAIL_NOT_CONFIGURED: {
    status: 503,
    message: 'Replies cannot be sent: no SMTP server is configured (SMTP_URL)',
  },
  REPLY_SEND_FAILED: { status: 502, message: 'The mail server did not accept the reply: try again' },
  /** The provider's own reason is given where it is thrown. */
  ANALYSIS_FAILED: { status: 502, message: 'The AI endpoint failed' },
});
