import type { EntityManager } from '@mikro-orm/core';
import { LIMIT_REASON, findMonthlyDeckLimit, monthStart } from '../domain/allowance/monthly-deck-limit.js';
import { countDecksSince, updateEmail } from '../repositories/email.repository.js';
import { publishEmailReceived } from '../repositories/ingest.events.js';
import {
  claimHeldEmails,
  claimStalledEmails,
  findOrgsWithHeldEmails,
  lockOrganization,
} from '../repositories/intake.queries.js';

/**
 * Emails kept pending by the monthly limit go back to processing as far as the allowance now allows
 * (a higher limit, more seats, or a new month): each gets a fresh ingest.email.received.
 */
export async function releaseHeldEmails(em: EntityManager, orgId: number): Promise<number> {
  const org = await lockOrganization(em, orgId);
  if (!org) return 0;
  const limit = findMonthlyDeckLimit(org);
  const available = limit === null ? 1000 : limit - (await countDecksSince(em, orgId, monthStart()));
  if (available <= 0) return 0;
  const held = await claimHeldEmails(em, orgId, LIMIT_REASON, Math.min(available, 1000));
  for (const email of held) {
    await updateEmail(em, email.id, { statusReason: null });
    publishEmailReceived(em, email);
  }
  return held.length;
}

/** The periodic sweep: every organization with held emails, one transaction each. */
export async function releaseAllHeldEmails(em: EntityManager): Promise<number> {
  let released = 0;
  for (const orgId of await findOrgsWithHeldEmails(em, LIMIT_REASON)) {
    released += await em.fork().transactional((tx) => releaseHeldEmails(tx, orgId));
  }
  return released;
}

/** An email left `processing` this long had its processing crash (its event dead-lettered): it goes round again. */
export const STALLED_AFTER_MS = 15 * 60_000;

/**
 * Emails whose processing crashed, or whose event never reached a consumer (still `pending`, not held, after
 * `pendingAfterMs`), get a fresh ingest.email.received. Processing claims only a pending email, so a repeat of an
 * event that was merely late changes nothing.
 */
export async function requeueStalledEmails(
  em: EntityManager,
  olderThanMs: number,
  pendingAfterMs: number = olderThanMs,
): Promise<number> {
  const now = Date.now();
  const stalled = await claimStalledEmails(em, new Date(now - olderThanMs), new Date(now - pendingAfterMs));
  for (const email of stalled) {
    await updateEmail(em, email.id, { status: 'pending' });
    publishEmailReceived(em, email);
  }
  return stalled.length;
}
