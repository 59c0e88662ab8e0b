import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload, Topics } from '@dealflow/contracts';
import { renderDealCreatedEmail } from '../emails/notification-templates.js';
import { recordNotificationEvent } from '../repositories/notification.repository.js';
import { notifyMembers, type TNotifyDeps } from './notify-members.js';

/**
 * crm.deal.created -> "deal created" to the members who have it on, once per deal: crm announces an existing
 * deal again when a record is extracted again, and that must not email anyone twice.
 */
export async function notifyDealCreated(
  em: EntityManager,
  deps: TNotifyDeps,
  data: TEventPayload<typeof Topics.dealCreated>,
  occurredAt: string,
): Promise<number> {
  const recorded = await recordNotificationEvent(em, {
    organizationId: data.orgId,
    kind: 'deal_created',
    ref: data.dealId,
    companyName: data.companyName ?? null,
    detail: data.provider,
    occurredAt: new Date(occurredAt),
  });
  if (!recorded) return 0;
  return notifyMembers(em, deps, {
    organizationId: data.orgId,
    kind: 'emailOnDealCreated',
    template: 'deal-created',
    render: (links) =>
      renderDealCreatedEmail({ companyName: data.companyName ?? null, dealUrl: data.dealUrl, links }),
  });
}
