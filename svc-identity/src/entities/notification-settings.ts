import { EntitySchema } from '@mikro-orm/core';

export interface INotificationSettings {
  userId: number;
  emailOnDeckProcessed: boolean;
  emailOnDealCreated: boolean;
  weeklyDigest: boolean;
  updatedAt: Date;
}

export const NotificationSettingsSchema = new EntitySchema<INotificationSettings>({
  name: 'NotificationSettings',
  tableName: 'notification_settings',
  properties: {
    userId: { type: 'number', primary: true, autoincrement: false },
    emailOnDeckProcessed: { type: 'boolean', default: true },
    emailOnDealCreated: { type: 'boolean', default: true },
    weeklyDigest: { type: 'boolean', default: false },
    updatedAt: { type: 'Date', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
