import type { EntityManager } from '@mikro-orm/core';
import { AccountingSettingsSchema, type AccountingSettings } from '../entities/accounting-settings.js';
import { MailboxSchema, type Mailbox } from '../entities/mailbox.js';
import { sql } from './sql.js';

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

/**
 * Claims the mailboxes due an automatic scan (interval elapsed) by stamping last_scan_at first, so two
 * replicas never scan the same mailbox at once.
 */
export async function claimDueMailboxes(em: EntityManager, now: Date): Promise<number[]> {
  const rows = await sql<{ org_id: number }>(
    em,
    `UPDATE mailboxes SET last_scan_at = ? WHERE org_id IN (
       SELECT org_id FROM mailboxes
       WHERE password_enc IS NOT NULL AND auto_scan_minutes > 0
         AND (last_scan_at IS NULL OR last_scan_at + make_interval(mins => auto_scan_minutes) <= ?)
       FOR UPDATE SKIP LOCKED)
     RETURNING org_id`,
    [now, now],
  );
  return rows.map((r) => r.org_id);
}

export async function recordScan(
  em: EntityManager,
  orgId: number,
  patch: { lastUid?: number; uidValidity?: string; lastError: string | null },
) {
  await sql(
    em,
    `UPDATE mailboxes SET last_scan_at = now(), last_error = ?,
       last_uid = CASE WHEN ?::bigint IS NULL THEN last_uid WHEN uid_validity IS DISTINCT FROM ?::bigint THEN ?::bigint ELSE GREATEST(last_uid, ?::bigint) END,
       uid_validity = COALESCE(?::bigint, uid_validity)
     WHERE org_id = ?`,
    [
      patch.lastError,
      patch.lastUid ?? null,
      patch.uidValidity ?? null,
      patch.lastUid ?? null,
      patch.lastUid ?? null,
      patch.uidValidity ?? null,
      orgId,
    ],
  );
}

export const findAccountingSettings = (em: EntityManager, orgId: number) =>
  em.findOne(AccountingSettingsSchema, { orgId });

export function createAccountingSettings(em: EntityManager, orgId: number): AccountingSettings {
  return em.create(AccountingSettingsSchema, {
    orgId,
    connected: false,
    clientId: null,
    clientSecretEnc: null,
    environment: 'sandbox',
    advancedFeatures: false,
    dataFormat: 'json',
    syncFrequency: 'daily',
    encryption: true,
    autoSync: true,
    lastSyncAt: null,
  });
}
