import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { ACTIVITY_ACTIONS, actionsOfCategory, type TActivityFilter } from '@dealflow/contracts';
import { ActivityLogSchema, type IActivityLog, type TActivityType } from '../entities/activity-log.js';
import type { IUser } from '../entities/user.js';
import type { TRequestMeta } from '../deps.js';
import { currentRequestMeta } from '../request-context.js';

export interface TActivityInput {
  /** Required by the table: events outside an organization (an account without one) are not logged. */
  organizationId: number | null;
  activityType: TActivityType;
  description: string;
  /** The acting account (null: the system or another service without a person behind it). */
  userId: number | null;
  /**
   * The actor's name and email as of now. When absent they are read from the unit of work's User row
   * (use-cases that act for a user have loaded it), else left empty.
   */
  actor?: { name: string; email: string } | null;
  target?: { type: string; id?: string | number | null; label?: string | null } | null;
  /** Details: never a password, token or key. */
  metadata?: Record<string, unknown>;
  /** Defaults to the current request's client IP and user agent (request-context.ts); null for none. */
  meta?: Partial<TRequestMeta> | null;
  /** Defaults to now; an event from another service passes its occurredAt. */
  occurredAt?: Date;
}

const truncate = (value: string | null | undefined, length: number) =>
  value === null || value === undefined ? null : value.slice(0, length);

/** Adds an activity row to the unit of work (flushed with the state change it describes). */
export function logActivity(em: EntityManager, entry: TActivityInput): void {
  // activity_logs.organization_id is required (seed 000 section 3): events outside an organization are not logged.
  if (entry.organizationId === null) return;
  const known =
    entry.actor ??
    (entry.userId === null ? null : (em.getUnitOfWork().getById<IUser>('User', entry.userId) ?? null));
  const meta = entry.meta === undefined ? currentRequestMeta() : entry.meta;
  em.create(ActivityLogSchema, {
    userId: entry.userId,
    actorName: truncate(known?.name, 100),
    actorEmail: truncate(known?.email, 255),
    organizationId: entry.organizationId,
    activityType: entry.activityType,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id === undefined || entry.target.id === null ? null : String(entry.target.id),
    targetLabel: truncate(entry.target?.label, 300),
    description: entry.description.slice(0, 500),
    metadata: entry.metadata ?? null,
    ip: truncate(meta?.ip, 64),
    userAgent: truncate(meta?.userAgent, 500),
    createdAt: entry.occurredAt ?? new Date(),
  });
}

/** Every entry of an organization, oldest first (tests and support). */
export const listActivity = (em: EntityManager, organizationId: number): Promise<IActivityLog[]> =>
  em.find(ActivityLogSchema, { organizationId }, { orderBy: { id: 'asc' } });

/** The keyset of the newest-first order: entries strictly older than this one. */
export interface TActivityCursor {
  createdAt: Date;
  id: number;
}

/**
 * One page of an organization's entries, newest first (created_at, id), after `cursor`. Served by the
 * indexes on (organization_id, created_at, id), (organization_id, user_id, created_at) and
 * (organization_id, activity_type, created_at).
 */
export function findActivityPage(
  em: EntityManager,
  organizationId: number,
  filter: TActivityFilter,
  cursor: TActivityCursor | null,
  limit: number,
): Promise<IActivityLog[]> {
  const where: FilterQuery<IActivityLog>[] = [{ organizationId }];
  if (filter.userId !== undefined) where.push({ userId: filter.userId });
  if (filter.category !== undefined) {
    // Stored actions unknown to this build fall in no category and are shown only unfiltered.
    where.push({ activityType: { $in: actionsOfCategory(filter.category) } });
  }
  if (filter.from !== undefined) where.push({ createdAt: { $gte: new Date(filter.from) } });
  if (filter.to !== undefined) where.push({ createdAt: { $lte: new Date(filter.to) } });
  if (cursor) {
    where.push({
      $or: [
        { createdAt: { $lt: cursor.createdAt } },
        { createdAt: cursor.createdAt, id: { $lt: cursor.id } },
      ],
    });
  }
  return em.find(
    ActivityLogSchema,
    { $and: where },
    { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], limit },
  );
}

export const activityCategoryOf = (action: string): string =>
  (ACTIVITY_ACTIONS as Record<string, { category: string }>)[action]?.category ?? 'other';
