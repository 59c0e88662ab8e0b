import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { findEmail, updateEmail } from '../repositories/email.repository.js';

/** crm.deal.created: the record links to its deal ("view CRM deal"). */
export const linkDeal = defineConsumer(Topics.dealCreated, async ({ data }, { em }) => {
  const email = await findEmail(em, data.orgId, data.emailId);
  if (!email) return;
  await updateEmail(em, email.id, {
    dealId: data.dealId,
    dealUrl: data.dealUrl,
    dealProvider: data.provider,
  });
});
