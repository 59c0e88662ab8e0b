import type { EntityManager } from '@mikro-orm/core';
import type { TForwardingConfirmation } from '../domain/mail/parse-message.js';
import { publishForwardingConfirmation } from '../repositories/ingest.events.js';
import { saveForwardingConfirmation } from '../repositories/organization.repository.js';

/**
 * Gmail's forwarding-confirmation email to an organization's address (issue 22 item 2): never a record (nor a
 * failed one, nor a deck of the month's allowance). Its code and link are kept on the organization, where
 * Integration 1 shows them to the owner (a later confirmation replaces an earlier one), and
 * `ingest.forwarding-confirmation.received` has identity email them to the owner.
 */
export async function receiveForwardingConfirmation(
  em: EntityManager,
  orgId: number,
  confirmation: TForwardingConfirmation,
): Promise<{ emailId: null; duplicate: false }> {
  const receivedAt = new Date();
  await em.transactional(async (tx) => {
    await saveForwardingConfirmation(tx, orgId, {
      code: confirmation.code,
      link: confirmation.link,
      forwarder: confirmation.forwarder,
      receivedAt,
    });
    publishForwardingConfirmation(tx, {
      orgId,
      code: confirmation.code,
      link: confirmation.link,
      forwarder: confirmation.forwarder,
      receivedAt: receivedAt.toISOString(),
    });
  });
  return { emailId: null, duplicate: false };
}
