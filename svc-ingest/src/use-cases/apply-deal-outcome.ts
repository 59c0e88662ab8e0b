import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload } from '@dealflow/contracts';
import { findEmail, updateEmail } from '../repositories/email-repository.js';

/** crm.deal.created: the record links to its deal ("view CRM deal"). */
export async function applyDealCreated(em: EntityManager, data: TEventPayload<'crm.deal.created'>) {
  const email = await findEmail(em, data.orgId, data.emailId);
  if (!email) return;
  await updateEmail(em, email.id, {
    dealId: data.dealId,
    dealUrl: data.dealUrl,
    dealProvider: data.provider,
  });
}

/** crm.deal.rejected: no domain -> Missing Domain; a provider error fails the record (both can be retried). */
export async function applyDealRejected(em: EntityManager, data: TEventPayload<'crm.deal.rejected'>) {
  const email = await findEmail(em, data.orgId, data.emailId);
  if (!email || email.status !== 'completed') return;
  await updateEmail(em, email.id, {
    status: data.reason === 'missing_domain' ? 'not_added_missing_domain' : 'failed',
    statusReason: data.message,
  });
}
