import type { EntityManager } from '@mikro-orm/core';
import type { TIngestDeps } from '../deps.js';
import { IngestError } from '../errors.js';
import { rotateInboundToken } from '../repositories/organization.repository.js';
import { getMailboxStatus, type TMailboxViewer } from './get-mailbox-status.js';

const DAY_MS = 24 * 3600_000;

/**
 * The owner's rotation of the inbound address (issue 22): a new `<slug>-<token>` address; the old one keeps
 * receiving for INBOUND_ADDRESS_GRACE_DAYS (the page states until when), then mail to it reaches nobody.
 */
export async function rotateInboundAddress(
  em: EntityManager,
  actor: TMailboxViewer,
  deps: Pick<TIngestDeps, 'config' | 'secretBox'>,
) {
  const until = new Date(Date.now() + deps.config.mail.addressGraceDays * DAY_MS);
  const rotated = await rotateInboundToken(em, actor.orgId, until);
  if (!rotated) throw new IngestError('ORGANIZATION_NOT_READY');
  return getMailboxStatus(em, actor, deps);
}
