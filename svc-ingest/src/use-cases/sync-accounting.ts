import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { createXeroConnection, XeroFailure, type TXeroContactInput } from '../providers/xero-connection.js';
import { orgCredential } from '../domain/crypto/credentials.js';
import type { TIngestDeps } from '../deps.js';
import type { AccountingSyncRun } from '../entities/accounting-sync.js';
import type { AccountingSettings } from '../entities/accounting-settings.js';
import { IngestError } from '../errors.js';
import { findAccountingSettings } from '../repositories/accounting-settings.repository.js';
import { claimSyncRun, findContactIds, saveContactIds } from '../repositories/accounting-sync.repository.js';
import {
  claimDueAccountingSyncs,
  dropOldSyncExports,
  findCompaniesWithDeals,
  type TCompanyWithDeal,
} from '../repositories/accounting-sync.queries.js';
import type { TSyncExport, TSyncExportContact } from '../domain/accounting/sync-export.js';
import { SYNC_LOG_LENGTH } from './get-accounting-settings.js';

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
 * first time, updated after, by its stored ContactID or its name) and logs the run with its counts and its
 * export (what was sent and Xero's answer; sealed when the Encryption setting is on). One run at a time
 * per organization, claimed in the database: a second one is ACCOUNTING_SYNC_RUNNING (409).
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
  const clientSecret = orgCredential(deps.secretBox, orgId, 'accounting').open(settings.clientSecretEnc);
  const entry = await claimSyncRun(em, orgId, trigger, RUNNING_FOR_AT_MOST_MS);
  if (!entry) throw new IngestError('ACCOUNTING_SYNC_RUNNING');

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
    const exported: TSyncExportContact[] = [];
    let created = 0;
    let updated = 0;
    results.forEach((result, i) => {
      const sent = inputs[i]!;
      exported.push({
        ContactID: result.contactId,
        Name: sent.name,
        Website: sent.website,
        EmailAddress: sent.email,
        FirstName: sent.firstName,
        LastName: sent.lastName,
        Outcome: result.ok ? (result.created ? 'created' : 'updated') : 'failed',
        Error: result.ok ? null : result.error,
      });
      if (result.ok) {
        pushed.set(result.key, result.contactId);
        if (result.created) created += 1;
        else updated += 1;
      } else errors.push(`${sent.name}: ${result.error}`);
    });
    await saveContactIds(em, orgId, pushed);
    keepExport(entry, settings, exported, deps);
    await dropOldSyncExports(em, orgId, SYNC_LOG_LENGTH);
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

/** Stores the run's export in the format chosen in the settings, sealed to the run when Encryption is on. */
function keepExport(
  entry: AccountingSyncRun,
  settings: Pick<AccountingSettings, 'dataFormat' | 'encryption' | 'tenantName'>,
  contacts: TSyncExportContact[],
  deps: TSyncDeps,
) {
  const data: TSyncExport = {
    runId: entry.id,
    trigger: entry.trigger,
    startedAt: entry.startedAt.toISOString(),
    xeroOrganisation: settings.tenantName,
    contacts,
  };
  const json = JSON.stringify(data);
  entry.exportFormat = settings.dataFormat;
  entry.exportSealed = settings.encryption;
  entry.exportPayload = settings.encryption
    ? orgCredential(deps.secretBox, entry.orgId, `accounting-export:${entry.id}`).seal(json)
    : json;
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
    await syncAccounting(em.fork(), orgId, 'scheduled', deps).catch((error: unknown) => {
      // A manual sync is running: it pushes the same contacts, so this period's scheduled run is not needed.
      if (error instanceof IngestError && error.code === 'ACCOUNTING_SYNC_RUNNING')
        deps.logger.info({ orgId }, 'scheduled accounting sync skipped: a sync is running');
      else deps.logger.warn({ err: error, orgId }, 'scheduled accounting sync failed');
    });
  }
  return due.length;
}
