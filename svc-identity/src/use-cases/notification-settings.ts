import type { EntityManager } from '@mikro-orm/core';
import type { TActor } from '../deps.js';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type INotificationSettings,
} from '../entities/notification-settings.js';
import {
  findNotificationSettings,
  upsertNotificationSettings,
} from '../repositories/notification.repository.js';

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
  return toSettings(await findNotificationSettings(em, actor.userId));
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
    const current = toSettings(await findNotificationSettings(tx, actor.userId));
    const next = {
      ...current,
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    };
    await upsertNotificationSettings(tx, actor.userId, next);
    return next;
  });
}
