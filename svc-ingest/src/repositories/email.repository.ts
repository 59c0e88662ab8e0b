import { raw, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import type { TDeckOutline, TExtractedData, TExtractionProvenance, TRecordStatus } from '@dealflow/contracts';
import { AttachmentSchema, EmailSchema, type Email, type TRecordCorrections } from '../entities/email.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const findEmail = (em: EntityManager, orgId: number, id: number) =>
  em.findOne(EmailSchema, { id, orgId });

/** The corrections of a record, read fresh from the database (not the identity map). */
export async function findEmailCorrections(em: EntityManager, id: number): Promise<TRecordCorrections> {
  const row = await em.findOne(EmailSchema, { id }, { fields: ['corrections'], disableIdentityMap: true });
  return row?.corrections ?? {};
}

/** The organization's records, newest first, filtered by status and searched over company, sender and subject. */
export async function listEmails(
  em: EntityManager,
  orgId: number,
  q: { page: number; limit: number; filter: TRecordStatus | 'all'; searchTerm?: string },
): Promise<{ rows: Email[]; total: number }> {
  const where: FilterQuery<Email> = { orgId };
  if (q.filter !== 'all') where.status = q.filter;
  const term = q.searchTerm?.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    where.$or = [
      { companyName: { $ilike: like } },
      { fromName: { $ilike: like } },
      { fromEmail: { $ilike: like } },
      { subject: { $ilike: like } },
    ];
  }
  const [rows, total] = await em.findAndCount(EmailSchema, where, {
    // "Received" is the email's Date header (the ingestion time without one), as the list shows it.
    orderBy: { [raw('coalesce(sent_at, received_at)')]: 'desc', id: 'desc' },
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return { rows, total };
}

/** Attachment names and sizes of these emails (never their content). */
export const findAttachmentMeta = (em: EntityManager, emailIds: number[]) =>
  emailIds.length === 0
    ? Promise.resolve([])
    : em.find(AttachmentSchema, { emailId: { $in: emailIds } }, { orderBy: { id: 'asc' } });

export interface TEmailPatch {
  status?: TRecordStatus;
  statusReason?: string | null;
  deckLinks?: string[];
  deckOutline?: TDeckOutline | null;
  extractedData?: TExtractedData | null;
  provenance?: TExtractionProvenance;
  corrections?: TRecordCorrections;
  dealId?: string | null;
  dealUrl?: string | null;
  dealProvider?: string | null;
  countedAt?: Date | null;
  processedAt?: Date | null;
  attemptsIncrement?: boolean;
  attempts?: number;
  dealAnnouncements?: number;
  /** The deck's text for search (issue 22) and the text search configuration of its language. */
  deckText?: string | null;
  searchLanguage?: string;
}

/** One UPDATE of the given fields (the email need not be loaded); companyName follows extractedData for search. */
export async function updateEmail(em: EntityManager, id: number, patch: TEmailPatch) {
  const { attemptsIncrement, ...fields } = patch;
  await em.nativeUpdate(
    EmailSchema,
    { id },
    {
      ...fields,
      ...(patch.extractedData !== undefined ? { companyName: patch.extractedData?.companyName ?? null } : {}),
      ...(attemptsIncrement ? { attempts: raw('attempts + 1') } : {}),
      updatedAt: new Date(),
    },
  );
}

export const countDecksSince = (em: EntityManager, orgId: number, since: Date) =>
  em.count(EmailSchema, { orgId, countedAt: { $gte: since } });

/** A deleted member's records stay; they no longer count against anyone. */
export const clearEmailUser = (em: EntityManager, userId: number, orgId?: number) =>
  em.nativeUpdate(EmailSchema, { userId, ...(orgId !== undefined ? { orgId } : {}) }, { userId: null });
