import type { EntityManager } from '@mikro-orm/core';
import { defineConsumer } from '@dealflow/service-kit';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import type { TIdentityDeps } from '../deps.js';
import { renderForwardingConfirmationEmail } from '../emails/forwarding-templates.js';
import { findOwner } from './send-trial-ending-email.js';

/**
 * ingest.forwarding-confirmation.received (Gmail's confirmation email reached the inbound address) -> an email to
 * the organization's owner with the code and Gmail's link. Sent inside the inbox transaction: a mail failure
 * throws, and the kit retries the event.
 */
export async function sendForwardingConfirmationEmail(
  deps: Pick<TIdentityDeps, 'mailer' | 'config'>,
  em: EntityManager,
  data: TEventPayload<typeof Topics.forwardingConfirmationReceived>,
): Promise<boolean> {
  const found = await findOwner(em, data.orgId);
  if (!found) return false;
  const content = renderForwardingConfirmationEmail({
    name: found.owner.name,
    organizationName: found.organization.name,
    code: data.code,
    link: data.link,
    forwarder: data.forwarder,
    integrationUrl: `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/integration-1`,
  });
  await deps.mailer.send(found.owner.email, content, 'forwarding-confirmation');
  return true;
}

export const createSendForwardingConfirmationEmailConsumer = (
  deps: Pick<TIdentityDeps, 'mailer' | 'config'>,
) =>
  defineConsumer(Topics.forwardingConfirmationReceived, async (event, { em, logger }) => {
    if (!(await sendForwardingConfirmationEmail(deps, em, event.data)))
      logger.info({ orgId: event.data.orgId }, 'forwarding confirmation for an unknown organization ignored');
  });
