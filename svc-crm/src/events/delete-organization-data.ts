import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import { deleteOrganizationData } from '../use-cases/delete-organization-data.js';

/** identity.organization.deleted -> everything crm holds about that organization goes. */
export const deleteOrganizationDataConsumer = () =>
  defineConsumer(Topics.organizationDeleted, async (event, { em }) => {
    await deleteOrganizationData(em, event.data.orgId);
  });
