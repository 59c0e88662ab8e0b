import { Topics } from '@dealflow/contracts';
import { defineConsumer } from '@dealflow/service-kit';
import { upsertMember } from '../repositories/member.repository.js';
import type { TIngestDeps } from '../deps.js';
import { upsertOrganization } from '../repositories/organization.repository.js';

/** identity.member.added: decks forwarded by this member count against them. */
export const addMember = (deps: Pick<TIngestDeps, 'secretBox'>) =>
  defineConsumer(Topics.memberAdded, async ({ data }, { em }) => {
    await upsertOrganization(em, { id: data.orgId }, deps.secretBox);
    await upsertMember(em, {
      orgId: data.orgId,
      userId: data.userId,
      email: data.email,
      name: data.name,
      role: data.role,
    });
  });
