import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import type { CrmProvider } from '../providers/crm-provider.js';
import { createDealFromDeck } from '../use-cases/create-deal-from-deck.js';
import { updateOrganizationPlan } from '../use-cases/update-organization-plan.js';
import { deleteOrganizationData } from '../use-cases/delete-organization-data.js';

/** crm's consumers; each runs in one transaction with its inbox row (a redelivered event changes nothing). */
export function createConsumers(deps: { provider: CrmProvider; publicUrl: string }) {
  return [
    defineConsumer(Topics.deckExtracted, async (event, { em, logger }) => {
      await createDealFromDeck(em, event.data, {
        provider: deps.provider,
        publicUrl: deps.publicUrl,
        logger,
      });
    }),
    defineConsumer(Topics.subscriptionChanged, async (event, { em }) => {
      await updateOrganizationPlan(em, event.data);
    }),
    defineConsumer(Topics.organizationDeleted, async (event, { em }) => {
      await deleteOrganizationData(em, event.data.orgId);
    }),
  ];
}
