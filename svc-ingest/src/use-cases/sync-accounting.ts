import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { createXeroConnection, XeroFailure, type TXeroContactInput } from '../accounting/xero-connection.js';
import { orgCredential } from '../crypto/credentials.js';
import type { TIngestDeps } from '../deps.js';
import type { AccountingSyncRun } from '../entities/accounting-sync.js';
import { IngestError } from '../errors.js';
import { findAccountingSettings } from '../repositories/accounting-settings.repository.js';
import {
  claimDueAccountingSyncs,
  findCompaniesWithDeals,
  findContactIds,
  findRunningSync,
  saveContactIds,
  startSyncRun,
  type TCompanyWithDeal,
} from '../repositories/accounting-sync.repository.js';

export type TSyncDeps = Pick<TIngestDeps, 'secretBox' | 'config' | 'logger'>;

/** A run older than this still marked running was cut short (a crash); a new one may start. */
const RUNNING_FOR_AT_MOST_MS = 15 * 60_000;
/** Xero's Retry-After is honoured once per run when it is this short; longer waits end the run. */
const LONGEST_RETRY_WAIT_S = 60;

/** The founder named on the deck becomes the contact person: first word first name, the rest last name. */
function toContact(company: TCompanyWithDeal, contactId: string | null): TXeroContactInput {
  const [first, ...rest] = (company.contactName ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    key: company.key,
    contactId,
    name: company.name,
    website: company.website,
    email: company.contactEmail,
    firstName: first ?? null,
    lastName: rest.length ? rest.join(' ') : null,
  };
}

/**
 * "Start Sync" and the schedule: pushes every company that has a deal to Xero as a contact (created the
 * first time, updated after, by its stored ContactID or its name) and logs the run with its counts.
 */
export async function syncAccounting(
  em: EntityManager,
  orgId: number,
  trigger: AccountingSyncRun['trigger'],
  deps: TSyncDeps,
): Promise<AccountingSyncRun> {
  const settings = await findAccountingSettings(em, orgId);
  if (!settings?.connected || !settings.clientId || !settings.clientSecretEnc)
    throw new IngestError('ACCOUNTING_NOT_CONNECTED');
  if (trigger === 'manual' && (await findRunningSync(em, orgId, RUNNING_FOR_AT_MOST_MS)))
    throw new IngestError('ACCOUNTING_SYNC_RUNNING');
  const clientSecret = orgCredential(deps.secretBox, orgId, 'accounting').open(settings.clientSecretEnc);
  const entry = startSyncRun(em, orgId, trigger);
  await em.flush();

  const finish = async (patch: Partial<AccountingSyncRun>) => {
    Object.assign(entry, patch, { finishedAt: new Date() });
    settings.lastSyncAt = entry.finishedAt;
    await em.flush();
    return entry;
  };
  try {
    const xero = createXeroConnection(
      { clientId: settings.clientId, clientSecret },
      { identityUrl: deps.config.xero.identityUrl, apiUrl: deps.config.xero.apiUrl },
    );
    const [companies, known] = await Promise.all([
      findCompaniesWithDeals(em, orgId),
      findContactIds(em, orgId),
    ]);
    const inputs = companies.map((c) => toContact(c, known.get(c.key) ?? null));
    const results = await withOneRetry(async () => {
      await xero.connect();
      return xero.pushContacts(inputs);
    });
    const pushed = new Map<string, string>();
    const errors: string[] = [];
    let created = 0;
    let updated = 0;
    for (const result of results) {
      if (result.ok) {
        pushed.set(result.key, result.contactId);
        if (result.created) created += 1;
        else updated += 1;
      } else
        errors.push(`${companies.find((c) => c.key === result.key)?.name ?? result.key}: ${result.error}`);
    }
    await saveContactIds(em, orgId, pushed);
    return await finish({
      status: errors.length === 0 ? 'succeeded' : created + updated > 0 ? 'partial' : 'failed',
      created,
      updated,
      failed: errors.length,
      error: errors.length ? errors.slice(0, 5).join('; ') + (errors.length > 5 ? '; ...' : '') : null,
    });
  } catch (error) {
    if (!(error instanceof XeroFailure)) deps.logger.warn({ err: error, orgId }, 'accounting sync failed');
    return finish({
      status: 'failed',
      error: error instanceof XeroFailure ? error.message : 'The sync stopped on an unexpected error',
    });
  }
}

/** One retry after Xero's Retry-After on a 429 (when short); anything else goes to the log. */
async function withOneRetry<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    const wait = error instanceof XeroFailure && error.kind === 'rate-limit' ? error.retryAfterSeconds : null;
    if (wait === null || wait > LONGEST_RETRY_WAIT_S) throw error;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    return task();
  }
}

/** The schedule: each organization whose sync frequency has elapsed, claimed under the lease. */
export async function syncDueAccounting(em: EntityManager, deps: TSyncDeps & { logger: Logger }) {
  const due = await em.transactional((tx) => claimDueAccountingSyncs(tx, new Date()));
  for (const orgId of due) {
    await syncAccounting(em.fork(), orgId, 'scheduled', deps).catch((error: unknown) =>
      deps.logger.warn({ err: error, orgId }, 'scheduled accounting sync failed'),
    );
  }
  return due.length;
}
