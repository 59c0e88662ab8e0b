import type { EntityManager } from '@mikro-orm/core';
import type { TActivityEntry, TActivityFilter, TActivityPage, TListActivityQuery } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import type { IActivityLog } from '../entities/activity-log.js';
import {
  activityCategoryOf,
  findActivityPage,
  type TActivityCursor,
} from '../repositories/activity-log.repository.js';

export const toActivityEntryDto = (row: IActivityLog): TActivityEntry => ({
  id: row.id,
  occurredAt: row.createdAt.toISOString(),
  action: row.activityType,
  category: activityCategoryOf(row.activityType),
  description: row.description,
  actor: { userId: row.userId, name: row.actorName, email: row.actorEmail },
  target: row.targetType ? { type: row.targetType, id: row.targetId, label: row.targetLabel } : null,
  ip: row.ip,
  userAgent: row.userAgent,
  details: row.metadata,
});

/** The cursor is the last entry's keyset, opaque to the client (base64url of `<ms>.<id>`). */
export const encodeActivityCursor = (row: IActivityLog): string =>
  Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString('base64url');

export function decodeActivityCursor(cursor: string): TActivityCursor {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new IdentityError('BAD_REQUEST', 'Invalid cursor');
  return { createdAt: new Date(Number(match[1])), id: Number(match[2]) };
}

export function assertActivityRange(filter: TActivityFilter): void {
  if (filter.from && filter.to && new Date(filter.from) > new Date(filter.to))
    throw new IdentityError('BAD_REQUEST', 'The start date must be before the end date');
}

/** One page of the owner's organization's activity, newest first, with the cursor of the next page. */
export async function listActivityPage(
  em: EntityManager,
  organizationId: number,
  query: TListActivityQuery,
): Promise<TActivityPage> {
  const { cursor, limit, ...filter } = query;
  assertActivityRange(filter);
  const rows = await findActivityPage(
    em,
    organizationId,
    filter,
    cursor ? decodeActivityCursor(cursor) : null,
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(toActivityEntryDto),
    nextCursor: rows.length > limit && last ? encodeActivityCursor(last) : null,
  };
}
