import type { EntityManager } from '@mikro-orm/core';
import { IngestError } from '../errors.js';
import { createAccountingSettings, findAccountingSettings } from '../repositories/mailbox-repository.js';
import { requireSecretBox, secretContext, type TIntegrationDeps } from './deps.js';
import { toAccountingSettings, type TAccountingSettings } from './get-accounting-settings.js';

/** Saves Integration 2's settings so they survive a reload; connecting needs a client id and secret. */
export async function updateAccountingSettings(
  em: EntityManager,
  orgId: number,
  patch: Partial<Omit<TAccountingSettings, 'lastSyncAt'> & { clientSecret: string }>,
  deps: TIntegrationDeps,
) {
  let settings = await findAccountingSettings(em, orgId);
  if (!settings) {
    settings = createAccountingSettings(em, orgId);
    em.persist(settings);
  }
  const { clientSecret, ...rest } = patch;
  Object.assign(settings, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
  if (clientSecret)
    settings.clientSecretEnc = requireSecretBox(deps).encrypt(
      clientSecret,
      secretContext(orgId, 'accounting'),
    );
  if (settings.connected && (!settings.clientId || !settings.clientSecretEnc)) {
    throw new IngestError('ACCOUNTING_INVALID', 'Client ID and Client Secret are required');
  }
  if (patch.connected === false) settings.clientSecretEnc = null;
  await em.flush();
  return toAccountingSettings(settings);
}
