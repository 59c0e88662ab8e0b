import type { EntityManager } from '@mikro-orm/core';
import { logActivity, type TActivityInput } from '../repositories/activity-log.repository.js';

export type { TActivityInput } from '../repositories/activity-log.repository.js';

/**
 * Records one activity entry on its own (its own unit of work, flushed now): for events that change no
 * state of their own, such as a failed sign-in or an API key's use. A use-case that changes state calls
 * `logActivity(tx, entry)` instead, inside its transaction, so the entry commits with the change.
 *
 * The entry's IP and user agent default to the current request's; the actor's name and email to the
 * unit of work's User row (pass `actor` when it is not loaded). Never put a password, token or key in
 * `metadata`. A recording failure is logged and swallowed: the audit trail must not turn a sign-in's 401
 * into a 500.
 */
export async function recordActivity(
  em: EntityManager,
  entry: TActivityInput,
  logger?: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const fork = em.fork();
  try {
    logActivity(fork, entry);
    await fork.flush();
  } catch (err) {
    logger?.warn({ err, activityType: entry.activityType }, 'activity entry not recorded');
  }
}
