import type { EntitySchema } from '@mikro-orm/core';
import { AccountingSettingsSchema } from './accounting-settings.js';
import { AccountingContactSchema, AccountingSyncRunSchema } from './accounting-sync.js';
import { BlockedSenderSchema } from './blocked-sender.js';
import { AttachmentSchema, EmailSchema } from './email.js';
import { MailboxSchema } from './mailbox.js';
import { MemberSchema } from './member.js';
import { OrganizationSchema } from './organization.js';
import { WebhookTokenSchema } from './webhook-token.js';

export const entities = [
  OrganizationSchema,
  MemberSchema,
  EmailSchema,
  AttachmentSchema,
  MailboxSchema,
  AccountingSettingsSchema,
  AccountingSyncRunSchema,
  AccountingContactSchema,
  WebhookTokenSchema,
  BlockedSenderSchema,
] as EntitySchema[];
