import { raw, type EntityManager } from '@mikro-orm/core';
import { DeckUsageSchema } from '../entities/checkout-session.js';

/** Calendar month in UTC, e.g. 2026-11. */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/**
 * One more deck for the user this month. Deck events are keyed by organization, so one consumer handles an
 * organization's events in order: the update-then-insert does not race with itself.
 */
export const addDeckProcessed = async (
  em: EntityManager,
  input: { orgId: number; userId: number | null; month: string },
) => {
  const key = { orgId: input.orgId, userId: input.userId ?? 0, month: input.month };
  const updated = await em.nativeUpdate(DeckUsageSchema, key, { decksProcessed: raw('decks_processed + 1') });
  if (updated === 0) await em.insert(DeckUsageSchema, { ...key, decksProcessed: 1 });
};

export const listUsage = (em: EntityManager, orgId: number, month: string) =>
  em.find(
    DeckUsageSchema,
    { orgId, month },
    { orderBy: { decksProcessed: 'desc', userId: 'asc' }, disableIdentityMap: true },
  );

export const deleteOrganizationUsage = (em: EntityManager, orgId: number) =>
  em.nativeDelete(DeckUsageSchema, { orgId });
