import type { EntityManager } from '@mikro-orm/core';
import type { ZEmailRecord } from '@dealflow/contracts';
import type { z } from 'zod';
import { findAttachmentMeta, type TEmailRow } from '../repositories/email-repository.js';
import { findOrganization } from '../repositories/organization-repository.js';

export type TEmailRecord = z.infer<typeof ZEmailRecord>;

/** The records' wire shape; canAnalyze = the organization is on Pro and the record is completed. */
export async function toEmailRecords(
  em: EntityManager,
  orgId: number,
  rows: TEmailRow[],
): Promise<TEmailRecord[]> {
  const org = await findOrganization(em, orgId);
  const attachments = await findAttachmentMeta(
    em,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    from: row.from_name ?? row.from_email,
    fromEmail: row.from_email,
    subject: row.subject,
    receivedAt: new Date(row.received_at).toISOString(),
    status: row.status,
    statusReason: row.status_reason,
    affinityDealId: row.deal_id,
    dealUrl: row.deal_url,
    deckLinks: row.deck_links ?? [],
    attachments: attachments
      .filter((a) => a.email_id === row.id && !a.inline)
      .map((a) => ({ id: a.id, filename: a.filename, contentType: a.content_type, size: a.size })),
    extractedData: row.extracted_data,
    canAnalyze: org?.plan === 'pro' && row.status === 'completed',
  }));
}
