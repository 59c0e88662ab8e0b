import type { ServiceApp } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import { handlePaymentEvent } from '../use-cases/handle-payment-event.js';
import type { TPaymentEvent } from '../payments/payment-provider.js';

/** POST /webhooks/stripe: the raw body is what Stripe signed, so it is kept as bytes. */
export async function registerWebhookRoutes(app: ServiceApp, deps: () => TBillingDeps) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/stripe', async (request) => {
      const signature = request.headers['stripe-signature'];
      const { provider } = deps();
      if (provider.kind !== 'stripe') {
        throw new BillingError(
          'SIGNATURE_INVALID',
          'Stripe is not configured: the embedded provider is in use',
        );
      }
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new BillingError('SIGNATURE_INVALID', 'Missing Stripe-Signature header or body');
      }
      let event: TPaymentEvent;
      try {
        event = provider.parseWebhook(request.body, signature);
      } catch (error) {
        request.log.warn({ err: (error as Error).message }, 'webhook refused');
        throw new BillingError('SIGNATURE_INVALID', 'Webhook signature verification failed');
      }
      const outcome = await handlePaymentEvent(deps(), event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook handled');
      return { received: true as const };
    });
  });
}
