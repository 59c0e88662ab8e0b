import type { EntityManager } from '@mikro-orm/core';
import { ActivityLogSchema, type IActivityLog, type TActivityType } from '../entities/activity-log.js';

/** Adds an activity row to the unit of work (flushed with the state change it describes). */
export function logActivity(
  em: EntityManager,
  entry: {
    userId: number | null;
    organizationId: number | null;
    activityType: TActivityType;
    description: string;
    metadata?: Record<string, unknown>;
  },
): void {
  // activity_logs.organization_id is required (seed 000 section 3): events outside an organization are not logged.
  if (entry.organizationId === null) return;
  em.create(ActivityLogSchema, {
    userId: entry.userId,
    organizationId: entry.organizationId,
    activityType: entry.activityType,
    description: entry.description,
    metadata: entry.metadata ?? null,
    createdAt: new Date(),
  });
}

export const listActivity = (em: EntityManager, organizationId: number): Promise<IActivityLog[]> =>
  em.find(ActivityLogSchema, { organizationId }, { orderBy: { id: 'asc' } });
