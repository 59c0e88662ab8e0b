import type { EntityManager } from '@mikro-orm/core';
import { renderWeeklyDigestEmail } from '../emails/notification-templates.js';
import { OrganizationSchema } from '../entities/organization.js';
import {
  findDigestOrganizations,
  findNotificationEvents,
  recordNotificationEvent,
} from '../repositories/notification.repository.js';
import { notifyMembers, type TNotifyDeps } from './notify-members.js';

const DAY = 86_400_000;

/** Monday 00:00 UTC of the week before the one `now` is in, and the Monday after it. */
export function previousWeek(now: Date): { from: Date; to: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const to = new Date(today - sinceMonday * DAY);
  return { from: new Date(to.getTime() - 7 * DAY), to };
}

const dayLabel = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The weekly digest of last week (Monday to Sunday, UTC) to the members who asked for it, one organization at
 * a time. Run every hour by every replica: the `digest_sent` row (unique per organization and week) is taken in
 * the same transaction as the sending, so one replica sends each digest and a failed run is tried next hour.
 */
export async function sendWeeklyDigests(
  em: EntityManager,
  deps: TNotifyDeps,
  now = new Date(),
): Promise<number> {
  const week = previousWeek(now);
  const weekLabel = `${dayLabel(week.from)} to ${dayLabel(new Date(week.to.getTime() - DAY))}`;
  const recordsUrl = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/processed-emails`;
  let sent = 0;
  for (const organizationId of await findDigestOrganizations(em)) {
    sent += await em.fork().transactional(async (tx) => {
      const first = await recordNotificationEvent(tx, {
        organizationId,
        kind: 'digest_sent',
        ref: week.from.toISOString().slice(0, 10),
        companyName: null,
        detail: null,
        occurredAt: now,
      });
      if (!first) return 0;
      const organization = await tx.findOne(OrganizationSchema, { id: organizationId });
      if (!organization) return 0;
      const events = await findNotificationEvents(
        tx,
        organizationId,
        ['deck_completed', 'deck_failed', 'deal_created'],
        week.from,
        week.to,
      );
      const count = (kind: string) => events.filter((event) => event.kind === kind).length;
      const companies = [
        ...new Set(
          events
            .filter((event) => event.kind === 'deck_completed' && event.companyName)
            .map((event) => event.companyName!),
        ),
      ];
      return notifyMembers(tx, deps, {
        organizationId,
        kind: 'weeklyDigest',
        template: 'weekly-digest',
        render: (links) =>
          renderWeeklyDigestEmail({
            organizationName: organization.name,
            weekLabel,
            counts: {
              completed: count('deck_completed'),
              failed: count('deck_failed'),
              deals: count('deal_created'),
              companies,
            },
            recordsUrl,
            links,
          }),
      });
    });
  }
  return sent;
}
