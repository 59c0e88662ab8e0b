import type { EntityManager } from '@mikro-orm/core';
import type { TFounderMailer } from '../providers/founder-mailer.js';
import { addDealEvent } from '../repositories/deal-event.repository.js';
import {
  claimDueFounderReplies,
  updateFounderReplyOutcome,
} from '../repositories/founder-reply.repository.js';
import { founderEmailTimelineText } from './send-founder-reply.js';

const BATCH = 20;
/** After a refused send: 30 s, 2 min, 10 min, 1 h; then the acknowledgement is given up (status failed). */
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000];

/**
 * The founder-acknowledgements schedule: queued automatic acknowledgements are claimed (SKIP LOCKED, in one
 * transaction per run, so a replica never sends one another is sending), sent, and logged on the deal's
 * timeline (by the system). Without a mailer (production without SMTP_URL) they wait.
 */
export async function sendDueAcknowledgements(
  fork: () => EntityManager,
  mailer: TFounderMailer | null,
  logger: { warn(obj: object, msg?: string): void },
): Promise<number> {
  if (!mailer) return 0;
  let sent = 0;
  await fork().transactional(async (em) => {
    for (const reply of await claimDueFounderReplies(em, BATCH)) {
      try {
        await mailer.send({
          to: reply.toEmail,
          replyTo: reply.replyTo,
          subject: reply.subject,
          text: reply.body,
          inReplyTo: reply.inReplyTo,
        });
      } catch (error) {
        const retryIn = RETRY_DELAYS_MS[reply.attempts];
        logger.warn(
          { err: error, replyId: reply.id, attempt: reply.attempts + 1 },
          'acknowledgement not sent',
        );
        await updateFounderReplyOutcome(em, reply, {
          sent: false,
          error: error instanceof Error ? error.message : String(error),
          retryAt: retryIn === undefined ? null : new Date(Date.now() + retryIn),
        });
        continue;
      }
      await updateFounderReplyOutcome(em, reply, { sent: true });
      await addDealEvent(em, {
        orgId: reply.orgId,
        dealId: reply.dealId,
        kind: 'email',
        actorId: null,
        text: founderEmailTimelineText(reply.toEmail, reply.subject, reply.body),
      });
      sent += 1;
    }
  });
  return sent;
}
