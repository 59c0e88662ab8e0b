import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { clearEmailUser } from '../repositories/email.repository.js';
import { deleteMember } from '../repositories/member.repository.js';

/** identity.member.removed: their records stay with the organization, counted against no one. */
export const removeMember = defineConsumer(Topics.memberRemoved, async ({ data }, { em }) => {
  await deleteMember(em, data.orgId, data.userId);
  await clearEmailUser(em, data.userId, data.orgId);
});
