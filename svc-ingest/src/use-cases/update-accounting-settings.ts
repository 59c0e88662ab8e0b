import type { EntityManager } from '@mikro-orm/core';
import { IngestError } from '../errors.js';
import { orgCredential } from '../crypto/credentials.js';
import type { TIngestDeps } from '../deps.js';
import {
  createAccountingSettings,
  findAccountingSettings,
} from '../repositories/accounting-settings.repository.js';
import { toAccountingSettings, type TAccountingSettings } from './get-accounting-settings.js';

/** Saves Integration 2's settings so they survive a reload; connecting needs a client id and secret. */
export async function updateAccountingSettings(
  em: EntityManager,
  orgId: number,
  patch: Partial<Omit<TAccountingSettings, 'lastSyncAt'> & { clientSecret: string }>,
  deps: Pick<TIngestDeps, 'secretBox'>,
) {
  let settings = await findAccountingSettings(em, orgId);
  if (!settings) {
    settings = createAccountingSettings(em, orgId);
    em.persist(settings);
  }
  const { clientSecret, ...rest } = patch;
  Object.assign(settings, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
  if (clientSecret)
    settings.clientSecretEnc = orgCredential(deps.secretBox, orgId, 'accounting').seal(clientSecret);
  if (settings.connected && (!settings.clientId || !settings.clientSecretEnc)) {
    throw new IngestError('ACCOUNTING_INVALID');
  }
  if (patch.connected === false) settings.clientSecretEnc = null;
  await em.flush();
  return toAccountingSettings(settings);
}
