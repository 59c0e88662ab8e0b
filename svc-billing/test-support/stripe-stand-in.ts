import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe API endpoints billing uses, answering with the object shapes Stripe
 * documents (https://docs.stripe.com/api): customers, checkout.sessions (create, retrieve),
 * subscriptions (retrieve, update, cancel), billing_portal.sessions, prices. It records every request
 * (method, path, decoded params, Idempotency-Key) so tests assert exact parameters, and it replays the
 * stored answer for a repeated idempotency key, as Stripe does.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  at: number;
}

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

/** Decodes Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const key = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

export interface StandInPrice {
  id: string;
  unitAmount: number;
  interval: 'month' | 'year' | null;
}

export async function startStripeStandIn(options: { prices: StandInPrice[] }) {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const prices = new Map(
    options.prices.map((p) => [
      p.id,
      {
        id: p.id,
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: p.unitAmount,
        type: p.interval ? 'recurring' : 'one_time',
        recurring: p.interval ? { interval: p.interval, interval_count: 1, usage_type: 'licensed' } : null,
        livemode: false,
        metadata: {},
      } as Json,
    ]),
  );
  /** Delay added to every answer (latency tests). */
  let latencyMs = 0;

  const notFound = (kind: string, value: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}: '${value}'`,
        param: 'id',
      },
    },
  });

  const subscriptionItem = (priceId: string, quantity: number, periodEnd: number) => ({
    id: id('si'),
    object: 'subscription_item',
    price: prices.get(priceId) ?? { id: priceId, object: 'price' },
    quantity,
    current_period_start: now(),
    current_period_end: periodEnd,
    metadata: {},
  });

  function handle(
    method: string,
    path: string,
    params: Record<string, unknown>,
  ): { status: number; body: Json } {
    const segments = path.replace(/^\/v1\//, '').split('/');
    const [resource, objectId, sub] = segments;
    if (resource === 'customers' && method === 'POST' && !objectId) {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'checkout' && objectId === 'sessions') {
      const sessionId = sub;
      if (method === 'POST' && !sessionId) {
        const lineItems = (params.line_items as { price: string; quantity?: string }[]) ?? [];
        const amount = lineItems.reduce(
          (sum, li) => sum + Number(prices.get(li.price)?.unit_amount ?? 0) * Number(li.quantity ?? 1),
          0,
        );
        const created = id('cs');
        const session = {
          id: created,
          object: 'checkout.session',
          mode: params.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: params.customer ?? null,
          customer_email: params.customer_email ?? null,
          client_reference_id: params.client_reference_id ?? null,
          subscription: null,
          payment_intent: null,
          metadata: params.metadata ?? {},
          amount_total: amount,
          currency: 'usd',
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          payment_method_collection: params.payment_method_collection ?? 'always',
          url: `https://checkout.stripe.com/c/pay/${created}`,
          created: now(),
          expires_at: now() + DAY,
          livemode: false,
          // Not part of Stripe's object: kept to complete the session later.
          _line_items: lineItems,
          _subscription_data: params.subscription_data ?? {},
        };
        sessions.set(created, session);
        return { status: 200, body: session };
      }
      if (method === 'GET' && sessionId) {
        const session = sessions.get(sessionId);
        return session ? { status: 200, body: session } : notFound('checkout.session', sessionId);
      }
    }
    if (resource === 'subscriptions' && objectId) {
      const subscription = subscriptions.get(objectId);
      if (!subscription) return notFound('subscription', objectId);
      if (method === 'GET') return { status: 200, body: subscription };
      if (method === 'DELETE') {
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
        return { status: 200, body: subscription };
      }
      if (method === 'POST') {
        const items = (subscription.items as { data: Json[] }).data;
        for (const change of (params.items as { id?: string; price?: string; quantity?: string }[]) ?? []) {
          const item = items.find((i) => i.id === change.id) ?? items[0]!;
          if (change.price) item.price = prices.get(change.price) ?? { id: change.price, object: 'price' };
          if (change.quantity !== undefined) item.quantity = Number(change.quantity);
        }
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        }
        if (params.metadata)
          subscription.metadata = { ...(subscription.metadata as Json), ...(params.metadata as Json) };
        return { status: 200, body: subscription };
      }
    }
    if (resource === 'billing_portal' && objectId === 'sessions' && method === 'POST') {
      const portal = {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        url: `https://billing.stripe.com/p/session/${id('live')}`,
        created: now(),
        livemode: false,
      };
      return { status: 200, body: portal };
    }
    if (resource === 'prices' && objectId && method === 'GET') {
      const price = prices.get(objectId);
      return price ? { status: 200, body: price } : notFound('price', objectId);
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = Buffer.concat(chunks).toString('utf8');
      const params = decodeStripeForm(req.method === 'GET' ? url.searchParams.toString() : body);
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        params,
        idempotencyKey: key,
        at: Date.now(),
      });
      const auth = req.headers.authorization ?? '';
      let answer: { status: number; body: Json };
      if (!auth.startsWith('Bearer sk_test_')) {
        answer = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      } else if (key && idempotent.has(`${req.method} ${url.pathname} ${key}`)) {
        answer = idempotent.get(`${req.method} ${url.pathname} ${key}`)!;
      } else {
        answer = handle(req.method ?? 'GET', url.pathname, params);
        if (key && req.method === 'POST') idempotent.set(`${req.method} ${url.pathname} ${key}`, answer);
      }
      const send = () => {
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(answer.body, (k, v: unknown) => (k.startsWith('_') ? undefined : v)));
      };
      if (latencyMs > 0) setTimeout(send, latencyMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    host: '127.0.0.1',
    port,
    requests,
    customers,
    sessions,
    subscriptions,
    setLatency(ms: number) {
      latencyMs = ms;
    },
    /** Requests to one endpoint, e.g. ('POST', '/v1/checkout/sessions'). */
    requestsTo(method: string, pathPrefix: string) {
      return requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
    },
    /**
     * The customer finishes Stripe's hosted checkout. Subscription mode creates the subscription
     * (trialing when the session asked for a trial, and payment_status no_payment_required, as Stripe does);
     * payment mode marks the session paid. `paid: false` leaves an unpaid, complete session.
     */
    completeCheckout(sessionId: string, options: { paid?: boolean } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      if (session.mode === 'subscription') {
        const data = session._subscription_data as { trial_period_days?: string; metadata?: Json };
        const trialDays = Number(data.trial_period_days ?? 0);
        const trialEnd = trialDays > 0 ? now() + trialDays * DAY : null;
        const li = (session._line_items as { price: string; quantity?: string }[])[0]!;
        const subscription = {
          id: id('sub'),
          object: 'subscription',
          customer: session.customer,
          status: options.paid === false ? 'incomplete' : trialEnd ? 'trialing' : 'active',
          items: {
            object: 'list',
            data: [subscriptionItem(li.price, Number(li.quantity ?? 1), trialEnd ?? now() + 30 * DAY)],
            has_more: false,
          },
          trial_start: trialEnd ? now() : null,
          trial_end: trialEnd,
          cancel_at_period_end: false,
          canceled_at: null,
          default_payment_method: options.paid === false ? null : id('pm'),
          metadata: data.metadata ?? {},
          created: now(),
          livemode: false,
        };
        subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
        session.payment_status =
          options.paid === false ? 'unpaid' : trialEnd ? 'no_payment_required' : 'paid';
      } else {
        session.payment_status = options.paid === false ? 'unpaid' : 'paid';
      }
      return session;
    },
    /** A Stripe Event object (https://docs.stripe.com/api/events/object) wrapping a copy of `object`. */
    event(type: string, object: Json, eventId = id('evt')) {
      return {
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: {
          object: JSON.parse(JSON.stringify(object, (k, v: unknown) => (k.startsWith('_') ? undefined : v))),
        },
      };
    },
    /** Signs a payload the way Stripe does (t=..., v1=HMAC-SHA256). */
    sign(payload: string, secret: string, timestamp?: number) {
      return Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        ...(timestamp ? { timestamp } : {}),
      });
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
