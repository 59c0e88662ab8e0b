import type { EntityManager } from '@mikro-orm/core';
import type { TSupportRequest, TSupportRequestList } from '@dealflow/contracts';
import { SUPPORT_PROMISES, supportTierOf } from '@dealflow/contracts/plans';
import { getOrganizationById } from '../repositories/organization.repository.js';
import type { ISupportRequest } from '../entities/support-request.js';
import { listSupportRequestsOf } from '../repositories/support-request.repository.js';

/** `SR-000123`: what the emails quote and the Help page shows. */
export const supportReference = (id: number): string => `SR-${String(id).padStart(6, '0')}`;

/** The id a reference names, or null when it is not one. */
export const supportRequestIdOf = (reference: string): number | null => {
  const match = /^SR-(\d{6,15})$/.exec(reference);
  return match ? Number(match[1]) : null;
};

export const toSupportRequestDto = (row: ISupportRequest): TSupportRequest => ({
  id: row.id,
  reference: supportReference(row.id),
  subject: row.subject,
  message: row.message,
  status: row.status,
  tier: row.tier,
  priority: row.priority,
  firstResponse: SUPPORT_PROMISES[row.tier].firstResponse,
  requester: { name: row.requesterName, email: row.requesterEmail },
  createdAt: row.createdAt.toISOString(),
});

/** The organization's last 100 requests, newest first, and what its plan is promised now. */
export async function listSupportRequests(
  em: EntityManager,
  organizationId: number,
): Promise<TSupportRequestList> {
  const organization = await getOrganizationById(em, organizationId);
  const tier = supportTierOf(organization.plan, organization.subscriptionStatus);
  const rows = await listSupportRequestsOf(em, organizationId, 100);
  return {
    requests: rows.map(toSupportRequestDto),
    tier,
    priority: SUPPORT_PROMISES[tier].priority,
    firstResponse: SUPPORT_PROMISES[tier].firstResponse,
  };
}
