import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NotificationSettingsSchema,
  type INotificationSettings,
} from '../entities/notification-settings.js';

export { DEFAULT_NOTIFICATION_SETTINGS };

const toSettings = (row: INotificationSettings | null) =>
  row
    ? {
        emailOnDeckProcessed: row.emailOnDeckProcessed,
        emailOnDealCreated: row.emailOnDealCreated,
        weeklyDigest: row.weeklyDigest,
        emailOnMention: row.emailOnMention,
      }
    : { ...DEFAULT_NOTIFICATION_SETTINGS };

export async function getNotificationSettings(em: EntityManager, actor: Pick<TActor, 'userId'>) {
  return toSettings(await em.findOne(NotificationSettingsSchema, { userId: actor.userId }));
}

export async function updateNotificationSettings(
  em: EntityManager,
  actor: Pick<TActor, 'userId'>,
  patch: Partial<{
    emailOnDeckProcessed: boolean;
    emailOnDealCreated: boolean;
    weeklyDigest: boolean;
    emailOnMention: boolean;
  }>,
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
