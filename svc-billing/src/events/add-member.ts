import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { addMember } from '../use-cases/add-member.js';

/** identity.member.added: the read model and the seats (use-cases/add-member.ts). */
export const memberAdded = (deps: TBillingDeps) =>
  defineConsumer(Topics.memberAdded, async (event, { em, logger }) =>
    addMember(em, event, { ...deps, logger }),
  );
