import type { TPipelineDeal } from '@dealflow/contracts';
import type { Company, Deal } from '../entities/index.js';
import { UNKNOWN_COMPANY } from './deal-summary.js';

/** A deal as the board and the table show it. */
export function toPipelineDeal(deal: Deal, company: Company | null | undefined): TPipelineDeal {
  return {
    id: String(deal.id),
    companyId: String(deal.companyId),
    companyName: company?.name ?? UNKNOWN_COMPANY,
    domain: company?.domain ?? '',
    stage: deal.stage,
    provider: deal.provider,
    url: deal.url,
    emailId: deal.emailId,
    createdAt: deal.createdAt.toISOString(),
    notes: deal.notes,
    ownerId: deal.ownerId === null ? null : String(deal.ownerId),
    nextStep: deal.nextStep,
    nextStepDate: deal.nextStepDate,
    passReason: deal.passReason,
    amount: deal.amount,
    round: deal.round,
    updatedAt: (deal.updatedAt ?? deal.createdAt).toISOString(),
  };
}
