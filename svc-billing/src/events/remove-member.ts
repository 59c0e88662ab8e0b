import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { removeMember } from '../use-cases/remove-member.js';

/** identity.member.removed: the read model and the seats (use-cases/remove-member.ts). */
export const memberRemoved = (deps: TBillingDeps) =>
  defineConsumer(Topics.memberRemoved, async (event, { em, logger }) =>
    removeMember(em, event, { ...deps, logger }),
  );
