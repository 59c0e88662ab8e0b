import type { EntityManager } from '@mikro-orm/core';
import type { TIngestDeps } from '../deps.js';
import { IngestError } from '../errors.js';
import {
  findOrganization,
  inboundAddress,
  openWebhookSecret,
} from '../repositories/organization.repository.js';

/** The inbound address and webhook secret of an organization, for our own tools (internal route). */
export async function getOrganizationInbound(
  em: EntityManager,
  orgId: number,
  deps: Pick<TIngestDeps, 'config' | 'secretBox'>,
) {
  const org = await findOrganization(em, orgId);
  if (!org) throw new IngestError('ORGANIZATION_UNKNOWN');
  return {
    orgId: org.id,
    inboundAddress: inboundAddress(org, deps.config.mail.inboundDomain),
    webhookSecret: openWebhookSecret(org, deps.secretBox),
  };
}
