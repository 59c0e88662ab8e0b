import type { EntityManager } from '@mikro-orm/core';
import type { TEventPayload, Topics } from '@dealflow/contracts';
import { renderDeckReceivedEmail, renderRecordFailedEmail } from '../emails/notification-templates.js';
import { recordNotificationEvent } from '../repositories/notification.repository.js';
import { notifyMembers, type TNotifyDeps } from './notify-members.js';

/**
 * ingest.deck.processed -> "new deck" (completed) or "record failed" to the members who have "Email me when a
 * pitch deck has been processed" on; recorded once per email for the weekly digest. A deck without a domain
 * (not_added_missing_domain) is neither: it waits for a person, and its record says so.
 */
export async function notifyDeckProcessed(
  em: EntityManager,
  deps: TNotifyDeps,
  data: TEventPayload<typeof Topics.deckProcessed>,
): Promise<number> {
  if (data.outcome === 'not_added_missing_domain') return 0;
  const failed = data.outcome === 'failed';
  const recorded = await recordNotificationEvent(em, {
    organizationId: data.orgId,
    kind: failed ? 'deck_failed' : 'deck_completed',
    ref: String(data.emailId),
    companyName: data.companyName ?? null,
    detail: failed ? (data.statusReason ?? null) : (data.subject ?? null),
    occurredAt: new Date(data.processedAt),
  });
  if (!recorded) return 0;
  const recordsUrl = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/processed-emails`;
  return notifyMembers(em, deps, {
    organizationId: data.orgId,
    kind: 'emailOnDeckProcessed',
    template: failed ? 'record-failed' : 'deck-received',
    render: (links) =>
      failed
        ? renderRecordFailedEmail({
            subject: data.subject ?? null,
            reason: data.statusReason ?? null,
            recordsUrl,
            links,
          })
        : renderDeckReceivedEmail({
            companyName: data.companyName ?? null,
            subject: data.subject ?? null,
            recordsUrl,
            links,
          }),
  });
}
