import type { EntityManager } from '@mikro-orm/core';
import { defineConsumer } from '@dealflow/service-kit';
import { Plans, Topics, type TEventPayload } from '@dealflow/contracts';
import type { TIdentityDeps } from '../deps.js';
import { renderTrialEndingEmail } from '../emails/billing-templates.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { findUserById } from '../repositories/user.repository.js';

/** The owner's address and name, read here: identity holds them, billing's copy may be stale. */
export async function findOwner(em: EntityManager, orgId: number) {
  const organization = await findOrganizationById(em, orgId);
  const owner = organization ? await findUserById(em, organization.ownerId) : null;
  return organization && owner ? { organization, owner } : null;
}

/**
 * billing.trial.ending (three days before the trial ends) -> an email to the organization's owner. Sent
 * inside the inbox transaction: a mail failure throws, and the kit retries the event.
 */
export async function sendTrialEndingEmail(
  deps: Pick<TIdentityDeps, 'mailer' | 'config'>,
  em: EntityManager,
  data: TEventPayload<typeof Topics.trialEnding>,
): Promise<boolean> {
  const found = await findOwner(em, data.orgId);
  if (!found) return false;
  const content = renderTrialEndingEmail({
    name: found.owner.name,
    organizationName: found.organization.name,
    planLabel: data.plan === 'free' ? 'free' : Plans[data.plan].label,
    trialEndsAt: data.trialEndsAt,
    amountDue: data.amountDue,
    currency: data.currency,
    billingUrl: `${deps.config.PUBLIC_URL}/billing`,
  });
  await deps.mailer.send(found.owner.email, content, 'trial-ending');
  return true;
}

export const createSendTrialEndingEmailConsumer = (deps: Pick<TIdentityDeps, 'mailer' | 'config'>) =>
  defineConsumer(Topics.trialEnding, async (event, { em, logger }) => {
    if (!(await sendTrialEndingEmail(deps, em, event.data)))
      logger.info({ orgId: event.data.orgId }, 'trial ending for an unknown organization ignored');
  });
