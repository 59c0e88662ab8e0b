import { z } from 'zod';
import { ZErrorBody, ZId, ZIsoDate } from './common.js';
import { defineRoutes } from './http.js';
import { ACTIVITY_ACTIONS, ACTIVITY_CATEGORIES, type TActivityAction } from './activity-actions.js';

export * from './activity-actions.js';

export const ZActivityAction = z.enum(
  Object.keys(ACTIVITY_ACTIONS) as [TActivityAction, ...TActivityAction[]],
);
export const ZActivityCategory = z.enum(ACTIVITY_CATEGORIES);

export const ZActivityEntry = z.object({
  id: ZId,
  /** When it happened (for events from other services: when that service wrote the event). */
  occurredAt: z.string(),
  action: z.string(),
  category: z.string(),
  description: z.string(),
  /** Who did it: the account (null once deleted, or for the system) and its name and email at the time. */
  actor: z.object({ userId: ZId.nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

/** Filters shared by the page and the CSV export: who (member), what (category), when (from/to, inclusive). */
export const ZActivityFilter = z.object({
  userId: ZId.optional(),
  category: ZActivityCategory.optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
});
export type TActivityFilter = z.infer<typeof ZActivityFilter>;

export const ZListActivityQuery = ZActivityFilter.extend({
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type TListActivityQuery = z.infer<typeof ZListActivityQuery>;

export const ZActivityPage = z.object({
  entries: z.array(ZActivityEntry),
  nextCursor: z.string().nullable(),
});
export type TActivityPage = z.infer<typeof ZActivityPage>;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** Served by svc-identity (owner only: members get 403). */
export const activityRoutes = defineRoutes({
  listActivity: {
    method: 'GET',
    path: '/api/organization/activity',
    summary: "The organization's activity log, newest first (cursor paging)",
    tag: 'organization',
    auth: 'owner',
    query: ZListActivityQuery,
    responses: { 200: ZActivityPage, ...errors },
  },
  exportActivity: {
    method: 'GET',
    path: '/api/organization/activity/export',
    summary: 'The activity log for the same filters as CSV (text/csv, streamed; a download, not JSON)',
    tag: 'organization',
    auth: 'owner',
    query: ZActivityFilter,
    responses: { 200: z.string(), ...errors },
  },
});
