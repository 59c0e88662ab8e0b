import type { EntitySchema } from '@mikro-orm/core';
import { AccountingSettingsSchema } from './accounting-settings.js';
import { AttachmentSchema, EmailSchema } from './email.js';
import { MailboxSchema } from './mailbox.js';
import { MemberSchema } from './member.js';
import { OrganizationSchema } from './organization.js';

export const entities = [
  OrganizationSchema,
  MemberSchema,
  EmailSchema,
  AttachmentSchema,
  MailboxSchema,
  AccountingSettingsSchema,
] as EntitySchema[];
