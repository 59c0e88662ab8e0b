import { defineErrors } from '@dealflow/service-kit';

/** Every error crm answers with: code, HTTP status and the message people see. */
export const CrmError = defineErrors('CrmError', {
  RECORD_NOT_FOUND: { status: 404, message: 'Record not found' },
  DEAL_NOT_FOUND: { status: 404, message: 'Deal not found' },
  DEAL_OF_RECORD_NOT_FOUND: { status: 404, message: 'No CRM deal exists for this record' },
  PRO_PLAN_REQUIRED: { status: 403, message: 'AI analysis is available on the Pro plan' },
  RECORD_NOT_COMPLETED: { status: 403, message: 'AI analysis is available for completed records only' },
  ANALYSIS_NOT_CONFIGURED: {
    status: 503,
    message:
      'AI analysis is not configured: set OPENAI_BASE_URL and OPENAI_API_KEY (any OpenAI-compatible endpoint) for svc-crm',
  },
  /** The provider's own reason is given where it is thrown. */
  ANALYSIS_FAILED: { status: 502, message: 'The AI endpoint failed' },
});
