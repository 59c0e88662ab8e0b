import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { forgetUser } from '../use-cases/forget-organization.js';

/** identity.user.deleted: the person leaves the read model (seats follow identity's member events). */
export const userDeleted = () =>
  defineConsumer(Topics.userDeleted, async (event, { em }) => {
    await forgetUser(em, event.data.userId);
  });
