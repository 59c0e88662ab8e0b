import type { EntityManager } from '@mikro-orm/core';
import { defineConsumer } from '@dealflow/service-kit';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import type { TIdentityDeps } from '../deps.js';
import { renderPaymentFailedEmail } from '../emails/billing-templates.js';
import { findOwner } from './send-trial-ending-email.js';

/**
 * billing.payment.failed -> an email to the organization's owner, one per attempt (each attempt is its own
 * event; a redelivered one is consumed once). A mail failure throws: retried.
 */
export async function sendPaymentFailedEmail(
  deps: Pick<TIdentityDeps, 'mailer' | 'config'>,
  em: EntityManager,
  data: TEventPayload<typeof Topics.paymentFailed>,
): Promise<boolean> {
  const found = await findOwner(em, data.orgId);
  if (!found) return false;
  const content = renderPaymentFailedEmail({
    name: found.owner.name,
    organizationName: found.organization.name,
    amountDue: data.amountDue,
    currency: data.currency,
    invoiceNumber: data.invoiceNumber,
    status: data.status,
    nextPaymentAttempt: data.nextPaymentAttempt,
    billingUrl: `${deps.config.PUBLIC_URL}/billing`,
  });
  await deps.mailer.send(found.owner.email, content, 'payment-failed');
  return true;
}

export const createSendPaymentFailedEmailConsumer = (deps: Pick<TIdentityDeps, 'mailer' | 'config'>) =>
  defineConsumer(Topics.paymentFailed, async (event, { em, logger }) => {
    if (!(await sendPaymentFailedEmail(deps, em, event.data)))
      logger.info({ orgId: event.data.orgId }, 'payment failure for an unknown organization ignored');
  });
