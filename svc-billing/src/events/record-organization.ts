import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { upsertMember } from '../repositories/member.repository.js';
import { recordOrganizationCreated } from '../repositories/organization.repository.js';

/** identity.organization.created: the read model and its owner as the first member. */
export const organizationCreated = () =>
  defineConsumer(Topics.organizationCreated, async (event, { em }) => {
    const d = event.data;
    await recordOrganizationCreated(em, d);
    await upsertMember(em, {
      userId: d.ownerId,
      orgId: d.orgId,
      email: d.ownerEmail,
      name: d.ownerName,
      role: 'owner',
    });
  });
