import type { EntityManager } from '@mikro-orm/core';
import {
  AccountingContactSchema,
  AccountingSyncRunSchema,
  type AccountingSyncRun,
} from '../entities/accounting-sync.js';

import { insertRunningSyncRun } from './accounting-sync.queries.js';

export async function findContactIds(em: EntityManager, orgId: number) {
  const links = await em.find(AccountingContactSchema, { orgId });
  return new Map(links.map((l) => [l.companyKey, l.contactId]));
}

export async function saveContactIds(em: EntityManager, orgId: number, ids: Map<string, string>) {
  for (const [companyKey, contactId] of ids)
    await em.upsert(AccountingContactSchema, { orgId, companyKey, contactId, syncedAt: new Date() });
}

/** One run of the organization with its export loaded (null: another organization's or unknown). */
export const findSyncRunWithExport = (em: EntityManager, orgId: number, id: number) =>
  em.findOne(AccountingSyncRunSchema, { id, orgId }, { populate: ['exportPayload'] });

export const listSyncRuns = (em: EntityManager, orgId: number, limit: number) =>
  em.find(AccountingSyncRunSchema, { orgId }, { orderBy: { startedAt: 'desc', id: 'desc' }, limit });

/**
 * Claims the organization's one running sync (accounting-sync.queries.ts: the partial unique index decides);
 * a run left running for more than `staleAfterMs` is closed first. Null: a sync is running.
 */
export async function claimSyncRun(
  em: EntityManager,
  orgId: number,
  trigger: AccountingSyncRun['trigger'],
  staleAfterMs: number,
): Promise<AccountingSyncRun | null> {
  const id = await insertRunningSyncRun(em, orgId, trigger, new Date(Date.now() - staleAfterMs));
  return id === null ? null : em.findOneOrFail(AccountingSyncRunSchema, id);
}
