import type { EntityManager } from '@mikro-orm/core';
import { MailboxSchema, type Mailbox } from '../entities/mailbox.js';

export const findMailbox = (em: EntityManager, orgId: number) => em.findOne(MailboxSchema, { orgId });

/** The mailbox row (created with default settings on first use). */
export async function getOrCreateMailbox(em: EntityManager, orgId: number): Promise<Mailbox> {
  const existing = await findMailbox(em, orgId);
  if (existing) return existing;
  const mailbox = em.create(MailboxSchema, {
    orgId,
    host: null,
    port: null,
    secure: true,
    username: null,
    passwordEnc: null,
    folder: 'INBOX',
    autoScanMinutes: 15,
    lastUid: '0',
    uidValidity: null,
    lastScanAt: null,
    lastError: null,
    connectedAt: null,
  });
  await em.persistAndFlush(mailbox);
  return mailbox;
}
