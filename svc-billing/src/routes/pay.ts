import { ZBillingCycle, ZPaidPlan } from '@dealflow/contracts';
import type { ServiceApp } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import type { EmbeddedProvider } from '../payments/embedded-provider.js';
import { queryRow } from '../repositories/sql.js';
import { handlePaymentEvent } from '../use-cases/handle-payment-event.js';
import { renderCheckoutPage, renderPortalPage } from './pay-pages.js';

const parseForm = (body: unknown): Record<string, string> =>
  typeof body === 'string' ? Object.fromEntries(new URLSearchParams(body)) : {};

/**
 * The embedded provider's pages (/pay/*, routed by the gateway): its checkout and portal. Submitting them
 * changes the provider's objects and then runs the same handler a Stripe webhook runs, with the same events.
 */
export async function registerPayRoutes(
  app: ServiceApp,
  deps: () => TBillingDeps,
  provider: EmbeddedProvider,
) {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );

    const loadCheckout = async (id: string) => {
      const session = await provider.retrieveCheckoutSession(id);
      if (!session)
        throw new BillingError('CHECKOUT_SESSION_UNKNOWN', 'This checkout session does not exist');
      const row = await queryRow(
        deps().orm.em.fork(),
        'select price_id, quantity, cancel_url from local_checkout_sessions where id = ?',
        [id],
      );
      return {
        session,
        price: provider.priceBook.findPrice(String(row?.price_id)),
        quantity: Number(row?.quantity ?? 1),
        cancelUrl: String(row?.cancel_url ?? `${deps().config.PUBLIC_URL}/billing`),
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
      const outcome = await provider.completeCheckout(request.params.id, { number: form.cardNumber ?? '' });
      if (!outcome.ok) {
        return reply
          .code(402)
          .type('text/html; charset=utf-8')
          .send(renderCheckoutPage({ ...view, error: outcome.message }));
      }
      await handlePaymentEvent(deps(), outcome.event);
      const row = await queryRow(
        deps().orm.em.fork(),
        'select success_url from local_checkout_sessions where id = ?',
        [request.params.id],
      );
      return reply.redirect(String(row?.success_url), 303);
    });

    const loadPortal = async (token: string) => {
      const customerId = provider.verifyPortalToken(token);
      if (!customerId)
        throw new BillingError('NOT_OWNER', 'This billing portal link is invalid or has expired');
      const row = await queryRow(
        deps().orm.em.fork(),
        'select stripe_subscription_id from organizations where stripe_customer_id = ?',
        [customerId],
      );
      const subscriptionId = (row?.stripe_subscription_id as string | null) ?? null;
      const subscription = subscriptionId ? await provider.retrieveSubscription(subscriptionId) : null;
      return {
        subscription,
        price: subscription?.priceId ? provider.priceBook.findPrice(subscription.priceId) : null,
      };
    };

    scope.get<{ Params: { token: string }; Querystring: { notice?: string } }>(
      '/pay/portal/:token',
      async (request, reply) => {
        const view = await loadPortal(request.params.token);
        return reply.type('text/html; charset=utf-8').send(
          renderPortalPage({
            ...view,
            token: request.params.token,
            returnUrl: `${deps().config.PUBLIC_URL}/billing`,
            notice: typeof request.query.notice === 'string' ? request.query.notice.slice(0, 200) : undefined,
          }),
        );
      },
    );

    scope.post<{ Params: { token: string; action: string } }>(
      '/pay/portal/:token/:action',
      async (request, reply) => {
        const { subscription } = await loadPortal(request.params.token);
        if (!subscription) throw new BillingError('NO_SUBSCRIPTION', 'There is no subscription to change');
        const form = parseForm(request.body);
        let notice: string;
        if (request.params.action === 'change') {
          const [planRaw, cycleRaw] = (form.choice ?? '').split(':');
          const plan = ZPaidPlan.safeParse(planRaw);
          const cycle = ZBillingCycle.safeParse(cycleRaw);
          if (!plan.success || !cycle.success)
            throw new BillingError('PLAN_UNKNOWN', 'Unknown plan or billing cycle');
          await provider.updateSubscription(
            subscription.id,
            { priceId: provider.priceBook.subscriptionPriceId(plan.data, cycle.data) },
            `portal-${subscription.id}-${Date.now()}`,
          );
          notice = 'Plan updated';
        } else if (request.params.action === 'cancel' || request.params.action === 'reactivate') {
          const cancel = request.params.action === 'cancel';
          await provider.updateSubscription(
            subscription.id,
            { cancelAtPeriodEnd: cancel },
            `portal-${subscription.id}-${Date.now()}`,
          );
          notice = cancel ? 'Subscription will cancel at the end of the period' : 'Subscription reactivated';
        } else {
          throw new BillingError('PLAN_UNKNOWN', 'Unknown portal action');
        }
        await handlePaymentEvent(deps(), provider.subscriptionUpdatedEvent(subscription.id));
        return reply.redirect(
          `/pay/portal/${encodeURIComponent(request.params.token)}?notice=${encodeURIComponent(notice)}`,
          303,
        );
      },
    );
  });
}
