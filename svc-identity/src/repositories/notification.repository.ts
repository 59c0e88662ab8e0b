import type { EntityManager } from '@mikro-orm/core';
import type { TNotificationKind } from '@dealflow/contracts';
import {
  NotificationEventSchema,
  type INotificationEvent,
  type TNotificationEventKind,
} from '../entities/notification-event.js';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NotificationSettingsSchema,
  type INotificationSettings,
} from '../entities/notification-settings.js';
import { UserSchema, type IUser } from '../entities/user.js';

export const findNotificationSettings = (em: EntityManager, userId: number) =>
  em.findOne(NotificationSettingsSchema, { userId });

export const upsertNotificationSettings = (
  em: EntityManager,
  userId: number,
  settings: Omit<INotificationSettings, 'userId' | 'updatedAt'>,
) => em.upsert(NotificationSettingsSchema, { userId, ...settings, updatedAt: new Date() });

/**
 * Records what a notification is about, once per (organization, kind, ref). True when this call recorded it,
 * false when it was already there (a redelivered or re-announced event). Two concurrent deliveries of the same
 * event meet the unique index: one transaction fails and the consumer retries it, finding the row.
 */
export async function recordNotificationEvent(
  em: EntityManager,
  row: Omit<INotificationEvent, 'id'>,
): Promise<boolean> {
  const existing = await em.count(NotificationEventSchema, {
    organizationId: row.organizationId,
    kind: row.kind,
    ref: row.ref,
  });
  if (existing > 0) return false;
  em.create(NotificationEventSchema, row);
  await em.flush();
  return true;
}

/** The organization's members who want this kind of email (no settings row: the defaults). */
export async function findSubscribedMembers(
  em: EntityManager,
  organizationId: number,
  kind: TNotificationKind,
): Promise<IUser[]> {
  const members = await em.find(UserSchema, { organizationId }, { orderBy: { id: 'asc' } });
  if (members.length === 0) return [];
  const settings = await em.find(NotificationSettingsSchema, { userId: { $in: members.map((m) => m.id) } });
  const chosen = new Map(settings.map((row) => [row.userId, row[kind]]));
  return members.filter((member) => chosen.get(member.id) ?? DEFAULT_NOTIFICATION_SETTINGS[kind]);
}

/** Organizations with at least one member subscribed to the weekly digest. */
export async function findDigestOrganizations(em: EntityManager): Promise<number[]> {
  const rows = await em.find(NotificationSettingsSchema, { weeklyDigest: true }, { fields: ['userId'] });
  if (rows.length === 0) return [];
  const users = await em.find(
    UserSchema,
    { id: { $in: rows.map((row) => row.userId) }, organizationId: { $ne: null } },
    { fields: ['organizationId'] },
  );
  return [...new Set(users.map((user) => user.organizationId!))].sort((a, b) => a - b);
}

/** The notification events of one organization in [from, to). */
export const findNotificationEvents = (
  em: EntityManager,
  organizationId: number,
  kinds: TNotificationEventKind[],
  from: Date,
  to: Date,
): Promise<INotificationEvent[]> =>
  em.find(
    NotificationEventSchema,
    { organizationId, kind: { $in: kinds }, occurredAt: { $gte: from, $lt: to } },
    { orderBy: { occurredAt: 'asc', id: 'asc' } },
  );
