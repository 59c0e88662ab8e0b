import type { EntityManager } from '@mikro-orm/core';
import type { TConfig } from '../config.js';
import { BillingError } from '../errors.js';
import { findOrganization } from '../repositories/organization.repository.js';
import { handlePaymentEvent, type TPaymentEventDeps } from './handle-payment-event.js';

const DAY_SECONDS = 86_400;

/**
 * The clock exists outside production only: always on the embedded provider, on Stripe when its customers
 * were given test clocks (STRIPE_TEST_CLOCKS, test-mode keys).
 */
export const isTestClockAllowed = (config: TConfig) =>
  config.NODE_ENV !== 'production' && (!config.stripe.secretKey || config.stripe.testClocks);

/**
 * Moves the organization's payment test clock `days` forward. The embedded provider answers with the events
 * Stripe would send, which walk the one handler here; Stripe sends them itself as webhooks.
 */
export async function advanceTestClock(
  em: EntityManager,
  orgId: number,
  { days }: { days: number },
  deps: TPaymentEventDeps,
) {
  if (!isTestClockAllowed(deps.config)) throw new BillingError('TEST_CLOCK_REFUSED');
  const org = await findOrganization(em, orgId);
  if (!org?.stripeCustomerId) throw new BillingError('NO_CUSTOMER');
  const { now, events } = await deps.provider.advanceClock(org.stripeCustomerId, days * DAY_SECONDS);
  for (const event of events) await handlePaymentEvent(em, event, deps);
  deps.logger.info({ orgId, days, events: events.length }, 'payment test clock advanced');
  return { now: now.toISOString(), events: events.map((event) => event.type) };
}
