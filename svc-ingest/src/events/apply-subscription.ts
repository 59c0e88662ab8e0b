import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { updateSubscription, upsertOrganization } from '../repositories/organization.repository.js';
import { releaseHeldEmails } from '../use-cases/release-held-emails.js';
import type { TIngestDeps } from '../deps.js';

/** billing.subscription.changed: plan (canAnalyze) and monthly deck limit; a higher limit releases held emails at once. */
export const applySubscription = (deps: Pick<TIngestDeps, 'secretBox'>) =>
  defineConsumer(Topics.subscriptionChanged, async ({ data }, { em }) => {
    await upsertOrganization(em, { id: data.orgId }, deps.secretBox);
    await updateSubscription(em, data.orgId, data);
    await releaseHeldEmails(em, data.orgId);
  });
