import { EntitySchema } from '@mikro-orm/core';

/** A user with no settings row gets these. */
export const DEFAULT_NOTIFICATION_SETTINGS = {
  emailOnDeckProcessed: true,
  emailOnDealCreated: true,
  weeklyDigest: false,
  emailOnMention: true,
};

export interface INotificationSettings {
  userId: number;
  emailOnDeckProcessed: boolean;
  emailOnDealCreated: boolean;
  weeklyDigest: boolean;
  emailOnMention: boolean;
  updatedAt: Date;
}

export const NotificationSettingsSchema = new EntitySchema<INotificationSettings>({
  name: 'NotificationSettings',
  tableName: 'notification_settings',
  properties: {
    userId: {
      kind: '1:1',
      entity: 'User',
      owner: true,
      primary: true,
      mapToPk: true,
      fieldName: 'user_id',
      foreignKeyName: 'notification_settings_user_id_fkey',
      deleteRule: 'cascade',
      updateRule: 'no action',
    },
    emailOnDeckProcessed: { type: 'boolean', default: true },
    emailOnDealCreated: { type: 'boolean', default: true },
    weeklyDigest: { type: 'boolean', default: false },
    emailOnMention: { type: 'boolean', default: true },
    updatedAt: {
      type: 'Date',
      columnType: 'timestamptz',
      defaultRaw: 'now()',
      onCreate: () => new Date(),
      onUpdate: () => new Date(),
    },
  },
});
