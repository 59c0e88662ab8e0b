import type { EntityManager } from '@mikro-orm/core';
import type { ZMailboxStatus } from '@dealflow/contracts';
import type { z } from 'zod';
import { IngestError } from '../errors.js';
import { findMailbox } from '../repositories/mailbox-repository.js';
import { findOrganization, inboundAddress } from '../repositories/organization-repository.js';
import type { TIntegrationDeps } from './deps.js';

export type TMailboxStatus = z.infer<typeof ZMailboxStatus>;

/** Integration 1's state: the organization's inbound address (and, for owners, its webhook secret) and the IMAP mailbox. */
export async function getMailboxStatus(
  em: EntityManager,
  orgId: number,
  deps: TIntegrationDeps,
  isOwner: boolean,
): Promise<TMailboxStatus> {
  const org = await findOrganization(em, orgId);
  if (!org)
    throw new IngestError(
      'ORGANIZATION_UNKNOWN',
      'This organization is not set up for mail yet; try again in a moment',
    );
  const mailbox = await findMailbox(em, orgId);
  return {
    connected: Boolean(mailbox?.passwordEnc),
    inboundAddress: inboundAddress(org, deps.config.INBOUND_MAIL_DOMAIN),
    webhookSecret: isOwner ? org.webhookSecret : null,
    host: mailbox?.passwordEnc ? mailbox.host : null,
    port: mailbox?.passwordEnc ? mailbox.port : null,
    username: mailbox?.passwordEnc ? mailbox.username : null,
    lastScanAt: mailbox?.lastScanAt ? mailbox.lastScanAt.toISOString() : null,
    settings: { folder: mailbox?.folder ?? 'INBOX', autoScanMinutes: mailbox?.autoScanMinutes ?? 15 },
  };
}
