import { createErrorClass } from '@dealflow/service-kit';

export const CrmError = createErrorClass('CrmError', {
  RECORD_NOT_FOUND: 404,
  DEAL_NOT_FOUND: 404,
  PRO_PLAN_REQUIRED: 403,
  RECORD_NOT_COMPLETED: 403,
  ANALYSIS_NOT_CONFIGURED: 503,
  ANALYSIS_FAILED: 502,
});
