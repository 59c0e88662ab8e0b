import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { updateSubscription, upsertOrganization } from '../repositories/organization.repository.js';
import { releaseHeldEmails } from '../use-cases/release-held-emails.js';

/** billing.subscription.changed: plan (canAnalyze) and monthly deck limit; a higher limit releases held emails at once. */
export const applySubscription = defineConsumer(Topics.subscriptionChanged, async ({ data }, { em }) => {
  await upsertOrganization(em, { id: data.orgId });
  await updateSubscription(em, data.orgId, data);
  await releaseHeldEmails(em, data.orgId);
});
