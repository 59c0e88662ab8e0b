import type { EntityManager } from '@mikro-orm/core';
import { Topics } from '@dealflow/contracts';
import { publishEvent } from '@dealflow/service-kit';
import {
  countDecksSince,
  findHeldEmails,
  findOrgsWithHeldEmails,
  findStalledEmails,
  updateEmail,
} from '../repositories/email-repository.js';
import { lockOrganization } from '../repositories/organization-repository.js';
import { monthStart } from '../repositories/sql.js';
import { LIMIT_REASON } from './process-email.js';

/**
 * Emails kept pending by the monthly limit go back to processing as far as the allowance now allows
 * (a higher limit, more seats, or a new month): each gets a fresh ingest.email.received.
 */
export async function releaseHeldEmails(em: EntityManager, orgId: number): Promise<number> {
  const org = await lockOrganization(em, orgId);
  if (!org) return 0;
  const available =
    org.monthly_deck_limit === null
      ? 1000
      : org.monthly_deck_limit - (await countDecksSince(em, orgId, monthStart()));
  if (available <= 0) return 0;
  const held = await findHeldEmails(em, orgId, LIMIT_REASON, Math.min(available, 1000));
  for (const email of held) {
    await updateEmail(em, email.id, { statusReason: null });
    publishEvent(em, {
      topic: Topics.emailReceived,
      orgId,
      data: {
        orgId,
        emailId: email.id,
        messageId: email.message_id,
        fromEmail: email.from_email,
        receivedAt: new Date(email.received_at).toISOString(),
      },
    });
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

export async function requeueStalledEmails(em: EntityManager, olderThanMs: number): Promise<number> {
  const stalled = await findStalledEmails(em, new Date(Date.now() - olderThanMs));
  for (const email of stalled) {
    await updateEmail(em, email.id, { status: 'pending' });
    publishEvent(em, {
      topic: Topics.emailReceived,
      orgId: email.org_id,
      data: {
        orgId: email.org_id,
        emailId: email.id,
        messageId: email.message_id,
        fromEmail: email.from_email,
        receivedAt: new Date(email.received_at).toISOString(),
      },
    });
  }
  return stalled.length;
}
