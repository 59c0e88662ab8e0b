import type { EntityManager } from '@mikro-orm/core';
import type { ZAccountingSettings } from '@dealflow/contracts';
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
});

/** Integration 2's settings (defaults until saved). The client secret is never sent back. */
export async function getAccountingSettings(em: EntityManager, orgId: number) {
  return toAccountingSettings(
    (await findAccountingSettings(em, orgId)) ?? createAccountingSettings(em.fork(), orgId),
  );
}
