import type { EntityManager } from '@mikro-orm/core';
import { renderSyncExport, type TSyncExport } from '../domain/accounting/sync-export.js';
import { orgCredential } from '../domain/crypto/credentials.js';
import type { TIngestDeps } from '../deps.js';
import { IngestError } from '../errors.js';
import { findSyncRunWithExport } from '../repositories/accounting-sync.repository.js';

/**
 * One run's sync export as a download, in the format it was kept in: opened with the organization's key
 * when it was stored sealed. Another organization's run, or one that sent nothing, is a 404.
 */
export async function getAccountingSyncExport(
  em: EntityManager,
  orgId: number,
  runId: number,
  deps: Pick<TIngestDeps, 'secretBox'>,
) {
  const run = await findSyncRunWithExport(em, orgId, runId);
  if (!run?.exportFormat || !run.exportPayload) throw new IngestError('SYNC_EXPORT_NOT_FOUND');
  const json = run.exportSealed
    ? orgCredential(deps.secretBox, orgId, `accounting-export:${run.id}`).open(run.exportPayload)
    : run.exportPayload;
  return renderSyncExport(JSON.parse(json) as TSyncExport, run.exportFormat);
}
