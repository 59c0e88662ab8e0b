import { ZBillingCycle, ZPaidPlan } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import type { EmbeddedProvider } from '../providers/embedded-provider.js';
import { findLocalCheckoutSession } from '../repositories/local-checkout-session.repository.js';
import { findOrganizationByCustomer } from '../repositories/organization.repository.js';
import { advanceTestClock, isTestClockAllowed } from '../use-cases/advance-test-clock.js';
import { handlePaymentEvent } from '../use-cases/handle-payment-event.js';
import { renderCheckoutPage, renderPortalPage } from './pay-pages.js';

const parseForm = (body: unknown): Record<string, string> =>
  typeof body === 'string' ? Object.fromEntries(new URLSearchParams(body)) : {};

/**
 * The embedded provider's pages (/pay/*, routed by the gateway): its checkout and portal. Submitting them
 * changes the provider's objects and then runs the same handler a Stripe webhook runs, with the same events.
 */
export async function payRoutes({ app }: TRouter, deps: TBillingDeps, provider: EmbeddedProvider) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );

    const loadCheckout = async (id: string) => {
      const session = await provider.retrieveCheckoutSession(id);
      const row = session ? await findLocalCheckoutSession(deps.orm.em.fork(), id) : null;
      if (!session || !row) throw new BillingError('CHECKOUT_PAGE_UNKNOWN');
      return {
        session,
        price: provider.priceBook.findPrice(row.priceId),
        quantity: row.quantity,
        cancelUrl: row.cancelUrl,
        successUrl: row.successUrl,
      };
    };

    scope.get<{ Params: { id: string } }>('/pay/checkout/:id', async (request, reply) => {
      const view = await loadCheckout(request.params.id);
      if (view.session.status !== 'open') return reply.redirect(view.cancelUrl, 303);
      return reply.type('text/html; charset=utf-8').send(renderCheckoutPage(view));
    });

    scope.post<{ Params: { id: string } }>('/pay/checkout/:id', async (request, reply) => {
      const form = parseForm(request.body);
      const view = await loadCheckout(request.params.id);
      const outcome = await provider.completeCheckout(request.params.id, {
        number: form.cardNumber ?? '',
        email: form.email,
        name: form.name,
      });
      if (!outcome.ok) {
        return reply
          .code(402)
          .type('text/html; charset=utf-8')
          .send(renderCheckoutPage({ ...view, error: outcome.message, email: form.email?.slice(0, 254) }));
      }
      await handlePaymentEvent(request.em, outcome.event, deps);
      return reply.redirect(view.successUrl, 303);
    });

    const loadPortal = async (token: string) => {
      const customerId = provider.verifyPortalToken(token);
      if (!customerId) throw new BillingError('PORTAL_LINK_INVALID');
      const org = await findOrganizationByCustomer(deps.orm.em.fork(), customerId);
      const subscriptionId = org?.stripeSubscriptionId ?? null;
      const subscription = subscriptionId ? await provider.retrieveSubscription(subscriptionId) : null;
      return {
        orgId: org?.id ?? null,
        subscription,
        price: subscription?.priceId ? provider.priceBook.findPrice(subscription.priceId) : null,
      };
    };

    scope.get<{ Params: { token: string }; Querystring: { notice?: string } }>(
      '/pay/portal/:token',
      async (request, reply) => {
        const { orgId: _orgId, ...view } = await loadPortal(request.params.token);
        return reply.type('text/html; charset=utf-8').send(
          renderPortalPage({
            ...view,
            clockNow: isTestClockAllowed(deps.config)
              ? await provider.clockNow(view.subscription?.customerId)
              : null,
            token: request.params.token,
            returnUrl: `${deps.config.PUBLIC_URL}/billing`,
            notice: typeof request.query.notice === 'string' ? request.query.notice.slice(0, 200) : undefined,
          }),
        );
      },
    );

    scope.post<{ Params: { token: string; action: string } }>(
      '/pay/portal/:token/:action',
      async (request, reply) => {
        const { subscription, orgId } = await loadPortal(request.params.token);
        if (!subscription || !orgId) throw new BillingError('PORTAL_NO_SUBSCRIPTION');
        const form = parseForm(request.body);
        let notice: string;
        if (request.params.action === 'advance') {
          // The development control (refused in production by the use-case): its events ran already.
          const days = Math.min(Math.max(Number.parseInt(form.days ?? '', 10) || 0, 1), 800);
          const moved = await advanceTestClock(request.em, orgId, { days }, deps);
          return reply.redirect(
            `/pay/portal/${encodeURIComponent(request.params.token)}?notice=${encodeURIComponent(
              `Test clock advanced ${days} day${days === 1 ? '' : 's'} to ${moved.now.slice(0, 10)}`,
            )}`,
            303,
          );
        }
        if (request.params.action === 'change') {
          const [planRaw, cycleRaw] = (form.choice ?? '').split(':');
          const plan = ZPaidPlan.safeParse(planRaw);
          const cycle = ZBillingCycle.safeParse(cycleRaw);
          if (!plan.success || !cycle.success) throw new BillingError('PLAN_UNKNOWN');
          await provider.updateSubscription(
            subscription.id,
            { priceId: provider.priceBook.subscriptionPriceId(plan.data, cycle.data) },
            `portal-${subscription.id}-${Date.now()}`,
          );
          notice = 'Plan updated';
        } else if (request.params.action === 'card') {
          // The saved card changes; a past-due invoice is charged to it at the next scheduled attempt.
          const saved = await provider.updateCard(subscription.customerId, form.cardNumber ?? '');
          notice = saved.ok ? 'Card updated: it is charged at the next payment' : saved.message;
        } else if (request.params.action === 'cancel' || request.params.action === 'reactivate') {
          const cancel = request.params.action === 'cancel';
          await provider.updateSubscription(
            subscription.id,
            { cancelAtPeriodEnd: cancel },
            `portal-${subscription.id}-${Date.now()}`,
          );
          notice = cancel ? 'Subscription will cancel at the end of the period' : 'Subscription reactivated';
        } else {
          throw new BillingError('PORTAL_ACTION_UNKNOWN');
        }
        await handlePaymentEvent(request.em, provider.subscriptionUpdatedEvent(subscription.id), deps);
        return reply.redirect(
          `/pay/portal/${encodeURIComponent(request.params.token)}?notice=${encodeURIComponent(notice)}`,
          303,
        );
      },
    );
  });
}
