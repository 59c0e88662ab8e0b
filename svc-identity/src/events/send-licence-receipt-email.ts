import type { EntityManager } from '@mikro-orm/core';
import { defineConsumer } from '@dealflow/service-kit';
import { Topics, type TEventPayload } from '@dealflow/contracts';
import type { TIdentityDeps } from '../deps.js';
import { renderLicenceReceiptEmail } from '../emails/licence-templates.js';
import { findUserById } from '../repositories/user.repository.js';

/**
 * billing.purchase.completed with its licence -> the receipt email to the buyer with the licence key (issue 20).
 * Sent inside the inbox transaction: a mail failure throws and the kit retries; a redelivery sends nothing.
 */
export async function sendLicenceReceiptEmail(
  deps: Pick<TIdentityDeps, 'mailer' | 'config'>,
  em: EntityManager,
  data: TEventPayload<typeof Topics.purchaseCompleted>,
): Promise<boolean> {
  if (!data.licence) return false;
  const buyer = await findUserById(em, data.userId);
  if (!buyer) return false;
  const content = renderLicenceReceiptEmail({
    name: buyer.name,
    amountTotal: data.amountTotal,
    currency: data.currency,
    purchaseId: data.checkoutSessionId,
    licenceKey: data.licence.licenceKey,
    updatesUntil: data.licence.updatesUntil,
    dashboardUrl: `${deps.config.PUBLIC_URL}/dashboard`,
    termsUrl: `${deps.config.PUBLIC_URL}/licence/terms`,
  });
  await deps.mailer.send(buyer.email, content, 'licence-receipt');
  return true;
}

export const createSendLicenceReceiptEmailConsumer = (deps: Pick<TIdentityDeps, 'mailer' | 'config'>) =>
  defineConsumer(
    Topics.purchaseCompleted,
    async (event, { em, logger }) => {
      if (!(await sendLicenceReceiptEmail(deps, em, event.data)))
        logger.info({ userId: event.data.userId }, 'purchase without a licence or buyer: no receipt email');
    },
    `${Topics.purchaseCompleted}:receipt`,
  );
