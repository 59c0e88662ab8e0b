import type { EntityManager } from '@mikro-orm/core';
import { AccountingSettingsSchema, type AccountingSettings } from '../entities/accounting-settings.js';

export const findAccountingSettings = (em: EntityManager, orgId: number) =>
  em.findOne(AccountingSettingsSchema, { orgId });

/** Integration 2's defaults (not persisted until the caller does). */
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
    tenantName: null,
  });
}
