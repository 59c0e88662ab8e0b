import type { EntityManager } from '@mikro-orm/core';
import type { ZEmailRecord } from '@dealflow/contracts';
import type { z } from 'zod';
import type { Email } from '../entities/email.js';
import { findAttachmentMeta } from '../repositories/email.repository.js';
import { findOrganization } from '../repositories/organization.repository.js';

export type TEmailRecord = z.infer<typeof ZEmailRecord>;

/** The records' wire shape; canAnalyze = the organization is on Pro and the record is completed. */
export async function toEmailRecords(
  em: EntityManager,
  orgId: number,
  rows: Email[],
): Promise<TEmailRecord[]> {
  const org = await findOrganization(em, orgId);
  const attachments = await findAttachmentMeta(
    em,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    from: row.fromName ?? row.fromEmail,
    fromEmail: row.fromEmail,
    subject: row.subject,
    // Received = the email's Date header; when Dealflow got it is kept apart.
    receivedAt: (row.sentAt ?? row.receivedAt).toISOString(),
    ingestedAt: row.receivedAt.toISOString(),
    status: row.status,
    statusReason: row.statusReason,
    affinityDealId: row.dealId,
    dealUrl: row.dealUrl,
    deckLinks: row.deckLinks ?? [],
    attachments: attachments
      .filter((a) => a.emailId === row.id && !a.inline)
      .map((a) => ({ id: a.id, filename: a.filename, contentType: a.contentType, size: a.size })),
    extractedData: row.extractedData,
    provenance: row.provenance ?? {},
    corrections: row.corrections ?? {},
    canAnalyze: org?.plan === 'pro' && row.status === 'completed',
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    notADeck: row.notADeck ?? false,
    ownerId: row.userId,
  }));
}
