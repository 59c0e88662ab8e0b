import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import { updateOrganizationPlan } from '../use-cases/update-organization-plan.js';

/** billing.subscription.changed -> the plan the AI analysis checks. */
export const updateOrganizationPlanConsumer = () =>
  defineConsumer(Topics.subscriptionChanged, async (event, { em }) => {
    await updateOrganizationPlan(em, event.data);
  });
