import { defineConsumer } from '@dealflow/service-kit';
import { Topics } from '@dealflow/contracts';
import { addMember } from '../use-cases/add-member.js';
import { removeMember } from '../use-cases/remove-member.js';

/** identity.member.added -> a member who may own deals. */
export const addMemberConsumer = () =>
  defineConsumer(Topics.memberAdded, async (event, { em }) => {
    await addMember(em, event.data);
  });

/** identity.member.removed -> no longer one. */
export const removeMemberConsumer = () =>
  defineConsumer(Topics.memberRemoved, async (event, { em }) => {
    await removeMember(em, event.data);
  });
