import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import { NotificationSettingsSchema, type INotificationSettings } from '../entities/notification-settings.js';

export const DEFAULT_NOTIFICATION_SETTINGS = {
  emailOnDeckProcessed: true,
  emailOnDealCreated: true,
  weeklyDigest: false,
};

const toSettings = (row: INotificationSettings | null) =>
  row
    ? {
        emailOnDeckProcessed: row.emailOnDeckProcessed,
        emailOnDealCreated: row.emailOnDealCreated,
        weeklyDigest: row.weeklyDigest,
      }
    : { ...DEFAULT_NOTIFICATION_SETTINGS };

export async function getNotificationSettings(em: EntityManager, actor: TActor) {
  return toSettings(await em.findOne(NotificationSettingsSchema, { userId: actor.userId }));
}

export async function updateNotificationSettings(
  em: EntityManager,
  actor: TActor,
  patch: Partial<{ emailOnDeckProcessed: boolean; emailOnDealCreated: boolean; weeklyDigest: boolean }>,
) {
  return em.transactional(async (tx) => {
    const current = toSettings(await tx.findOne(NotificationSettingsSchema, { userId: actor.userId }));
    const next = {
      ...current,
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    };
    await tx.upsert(NotificationSettingsSchema, { userId: actor.userId, ...next, updatedAt: new Date() });
    return next;
  });
}
