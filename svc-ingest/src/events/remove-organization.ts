import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { deleteOrganization } from '../repositories/organization.repository.js';

/** identity.organization.deleted: its records, attachments, mailbox and settings go with it (cascade). */
export const removeOrganization = defineConsumer(Topics.organizationDeleted, async ({ data }, { em }) => {
  await deleteOrganization(em, data.orgId);
});
