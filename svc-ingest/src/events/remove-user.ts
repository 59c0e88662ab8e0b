import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { clearEmailUser } from '../repositories/email.repository.js';
import { deleteMemberships } from '../repositories/member.repository.js';
import { clearOwner } from '../repositories/organization.repository.js';

/** identity.user.deleted: gone from every organization; the records they sent stay. */
export const removeUser = defineConsumer(Topics.userDeleted, async ({ data }, { em }) => {
  await deleteMemberships(em, data.userId);
  await clearEmailUser(em, data.userId);
  await clearOwner(em, data.userId);
});
