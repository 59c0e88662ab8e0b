import type { EntityManager } from '@mikro-orm/core';
import { IngestError } from '../errors.js';
import { createXeroConnection, XeroFailure } from '../providers/xero-connection.js';
import { orgCredential } from '../domain/crypto/credentials.js';
import type { TIngestDeps } from '../deps.js';
import {
  createAccountingSettings,
  findAccountingSettings,
} from '../repositories/accounting-settings.repository.js';
import { announceIngestIntegrations, checkIntegrationLimit } from './check-integration-limit.js';
import { toAccountingSettings, type TAccountingSettings } from './get-accounting-settings.js';

/**
 * Saves Integration 2's settings so they survive a reload. Connecting (or new credentials) asks Xero for a
 * client-credentials token with them and reads the organisation they reach: refused credentials are 400,
 * Xero unreachable is 503, and nothing is saved then. The environment belongs to the credentials (a sandbox
 * custom connection on the Demo Company, or a production one): changing it needs that environment's secret.
 */
export async function updateAccountingSettings(
  em: EntityManager,
  orgId: number,
  patch: Partial<Omit<TAccountingSettings, 'lastSyncAt' | 'tenantName'> & { clientSecret: string }>,
  deps: Pick<TIngestDeps, 'secretBox' | 'config'>,
) {
  let settings = await findAccountingSettings(em, orgId);
  if (!settings) {
    settings = createAccountingSettings(em, orgId);
    em.persist(settings);
  }
  const wasConnected = settings.connected;
  if (patch.connected && !wasConnected) await checkIntegrationLimit(em, orgId, 'accounting');
  const { clientSecret, ...rest } = patch;
  const environmentChanged = rest.environment !== undefined && rest.environment !== settings.environment;
  if (wasConnected && patch.connected !== false && environmentChanged && !clientSecret)
    throw new IngestError('ACCOUNTING_INVALID');
  Object.assign(settings, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
  if (clientSecret)
    settings.clientSecretEnc = orgCredential(deps.secretBox, orgId, 'accounting').seal(clientSecret);
  if (settings.connected && (!settings.clientId || !settings.clientSecretEnc)) {
    throw new IngestError('ACCOUNTING_INVALID');
  }
  if (settings.connected && (!wasConnected || clientSecret || patch.clientId !== undefined)) {
    const secret =
      clientSecret ?? orgCredential(deps.secretBox, orgId, 'accounting').open(settings.clientSecretEnc!);
    const xero = createXeroConnection(
      { clientId: settings.clientId!, clientSecret: secret },
      { identityUrl: deps.config.xero.identityUrl, apiUrl: deps.config.xero.apiUrl },
    );
    try {
      settings.tenantName = (await xero.connect()).tenantName;
    } catch (error) {
      if (error instanceof XeroFailure && error.kind === 'credentials')
        throw new IngestError('ACCOUNTING_REFUSED');
      throw new IngestError('ACCOUNTING_UNREACHABLE');
    }
  }
  if (patch.connected === false) {
    settings.clientSecretEnc = null;
    settings.tenantName = null;
  }
  if (settings.connected !== wasConnected) await announceIngestIntegrations(em, orgId);
  await em.flush();
  return toAccountingSettings(settings);
}
