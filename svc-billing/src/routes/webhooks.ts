import { Readable } from 'node:stream';
import { billingRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { FastifyRequest } from 'fastify';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import type { TPaymentEvent } from '../providers/payment-provider.js';
import { handlePaymentEvent } from '../use-cases/handle-payment-event.js';

/**
 * POST /webhooks/stripe (auth `signature`): Stripe signed the bytes it sent, so they are kept as they
 * arrived (before the JSON parser) and the provider verifies them.
 */
export function webhookRoutes({ route, app }: TRouter, deps: TBillingDeps) {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.routeOptions.url !== billingRoutes.webhook.path) return payload;
    const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > limit) throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
      chunks.push(chunk as Buffer);
    }
    const raw = Buffer.concat(chunks);
    rawBodies.set(request, raw);
    return Readable.from([raw]);
  });

  route(billingRoutes.webhook, async ({ request }) => {
    const { provider } = deps;
    if (provider.kind !== 'stripe') throw new BillingError('STRIPE_NOT_CONFIGURED');
    const signature = request.headers['stripe-signature'];
    const raw = rawBodies.get(request);
    if (typeof signature !== 'string' || !raw) throw new BillingError('SIGNATURE_MISSING');
    let event: TPaymentEvent;
    try {
      event = provider.parseWebhook(raw, signature);
    } catch (error) {
      request.log.warn({ err: (error as Error).message }, 'webhook refused');
      throw new BillingError('SIGNATURE_INVALID');
    }
    const outcome = await handlePaymentEvent(request.em, event, deps);
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook handled');
    return { received: true as const };
  });
}
