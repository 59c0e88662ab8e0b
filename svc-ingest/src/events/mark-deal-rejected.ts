import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { findEmail, updateEmail } from '../repositories/email.repository.js';

/** crm.deal.rejected: no domain -> Missing Domain; a provider error fails the record (both can be retried). */
export const markDealRejected = defineConsumer(Topics.dealRejected, async ({ data }, { em }) => {
  const email = await findEmail(em, data.orgId, data.emailId);
  if (!email || email.status !== 'completed') return;
  await updateEmail(em, email.id, {
    status: data.reason === 'missing_domain' ? 'not_added_missing_domain' : 'failed',
    statusReason: data.message,
  });
});
