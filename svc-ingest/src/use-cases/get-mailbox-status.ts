import type { EntityManager } from '@mikro-orm/core';
import { ingestRoutes, type TRole, type ZMailboxStatus } from '@dealflow/contracts';
import type { z } from 'zod';
import type { TIngestDeps } from '../deps.js';
import { IngestError } from '../errors.js';
import { findMailbox } from '../repositories/mailbox.repository.js';
import {
  findOrganization,
  inboundAddress,
  openWebhookSecret,
} from '../repositories/organization.repository.js';

export type TMailboxStatus = z.infer<typeof ZMailboxStatus>;
/** Who looks at the mailbox: what they see depends on their role. */
export type TMailboxViewer = { orgId: number; role: TRole };

/**
 * Integration 1's state: the organization's inbound address and the IMAP mailbox. The webhook secret is
 * shown to the owner only and masked (its last four characters); the secret itself only through the reveal
 * (reveal-webhook-secret.ts), which asks for the password again.
 */
export async function getMailboxStatus(
  em: EntityManager,
  actor: TMailboxViewer,
  deps: Pick<TIngestDeps, 'config' | 'secretBox'>,
): Promise<TMailboxStatus> {
  const { orgId } = actor;
  const org = await findOrganization(em, orgId);
  if (!org) throw new IngestError('ORGANIZATION_NOT_READY');
  const mailbox = await findMailbox(em, orgId);
  const isOwner = actor.role === 'owner';
  const previousReceiving =
    org.previousInboundToken && org.previousInboundUntil && org.previousInboundUntil > new Date();
  return {
    connected: Boolean(mailbox?.passwordEnc),
    inboundAddress: inboundAddress(org, deps.config.mail.inboundDomain),
    webhookSecretMasked: isOwner ? `••••${openWebhookSecret(org, deps.secretBox).slice(-4)}` : null,
    webhookPath: ingestRoutes.mailWebhook.path,
    mailgunConfigured: Boolean(org.mailgunSigningKeyEnc),
    host: mailbox?.passwordEnc ? mailbox.host : null,
    port: mailbox?.passwordEnc ? mailbox.port : null,
    username: mailbox?.passwordEnc ? mailbox.username : null,
    lastScanAt: mailbox?.lastScanAt ? mailbox.lastScanAt.toISOString() : null,
    settings: { folder: mailbox?.folder ?? 'INBOX', autoScanMinutes: mailbox?.autoScanMinutes ?? 15 },
    // Gmail's forwarding confirmation (issue 22): the code confirms forwarding into this inbox, owners only.
    forwardingConfirmation:
      isOwner && org.forwardingCode && org.forwardingLink && org.forwardingReceivedAt
        ? {
            code: org.forwardingCode,
            link: org.forwardingLink,
            forwarder: org.forwardingAddress,
            receivedAt: org.forwardingReceivedAt.toISOString(),
          }
        : null,
    // The address before the last rotation, while it still receives (issue 22).
    previousInboundAddress: previousReceiving
      ? inboundAddress(
          { slug: org.slug, inboundToken: org.previousInboundToken! },
          deps.config.mail.inboundDomain,
        )
      : null,
    previousInboundUntil: previousReceiving ? org.previousInboundUntil!.toISOString() : null,
    addressGraceDays: deps.config.mail.addressGraceDays,
  };
}
