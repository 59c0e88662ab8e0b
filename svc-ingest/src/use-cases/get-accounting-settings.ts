import type { EntityManager } from '@mikro-orm/core';
import type { TAccountingSyncRun, ZAccountingSettings } from '@dealflow/contracts';
import type { AccountingSyncRun } from '../entities/accounting-sync.js';
import { listSyncRuns } from '../repositories/accounting-sync.repository.js';
import type { z } from 'zod';
import type { AccountingSettings } from '../entities/accounting-settings.js';
import {
  createAccountingSettings,
  findAccountingSettings,
} from '../repositories/accounting-settings.repository.js';

export type TAccountingSettings = z.infer<typeof ZAccountingSettings>;

export const toAccountingSettings = (s: AccountingSettings): TAccountingSettings => ({
  connected: s.connected,
  clientId: s.clientId,
  environment: s.environment,
  advancedFeatures: s.advancedFeatures,
  dataFormat: s.dataFormat,
  syncFrequency: s.syncFrequency,
  encryption: s.encryption,
  autoSync: s.autoSync,
  lastSyncAt: s.lastSyncAt ? s.lastSyncAt.toISOString() : null,
  tenantName: s.tenantName,
});

export const toAccountingSyncRun = (r: AccountingSyncRun): TAccountingSyncRun => ({
  id: r.id,
  trigger: r.trigger,
  status: r.status,
  created: r.created,
  updated: r.updated,
  failed: r.failed,
  error: r.error,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  exportFormat: r.exportFormat,
});

/** Runs the sync log shows; their exports are kept, older runs' are dropped. */
export const SYNC_LOG_LENGTH = 20;

/** The sync log: the last 20 runs, newest first. */
export async function getAccountingSyncLog(em: EntityManager, orgId: number) {
  return { runs: (await listSyncRuns(em, orgId, SYNC_LOG_LENGTH)).map(toAccountingSyncRun) };
}

/** Integration 2's settings (defaults until saved). The client secret is never sent back. */
export async function getAccountingSettings(em: EntityManager, orgId: number) {
  return toAccountingSettings(
    (await findAccountingSettings(em, orgId)) ?? createAccountingSettings(em.fork(), orgId),
  );
}
