import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  DEFAULT_RETRY_DAYS,
  TEST_CARDS,
  changeSubscription,
  runClock,
  type TClockInvoice,
  type TClockPrice,
  type TClockRetry,
  type TClockSubscription,
} from '../src/providers/billing-clock.js';

/**
 * A local stand-in for the Stripe API endpoints billing uses, answering with the object shapes Stripe
 * documents (https://docs.stripe.com/api): customers, checkout.sessions (create, retrieve),
 * subscriptions (retrieve, update, cancel), billing_portal.sessions, prices, invoices (list, retrieve,
 * create_preview) and test clocks (test_helpers.test_clocks create, retrieve, advance: the clock's
 * subscriptions trial, renew, prorate and charge their card as Stripe documents, and the events it would
 * send wait in `pendingEvents` until the test delivers them as signed webhooks; a failed invoice is retried
 * on the account's custom retry schedule, `retryDays`, and the subscription canceled after the last failed
 * attempt, the Dashboard's default). It records every request
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
  /** The product's name, as invoice lines show it ("Pro (monthly)"). */
  name?: string;
}

export async function startStripeStandIn(options: {
  prices: StandInPrice[];
  /** Revenue recovery's custom retry schedule: days after the first failed attempt. */
  retryDays?: readonly number[];
}) {
  const retryDays = options.retryDays ?? DEFAULT_RETRY_DAYS;
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const clocks = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  /** Each subscription's billing state, moved by its customer's test clock. */
  const billing = new Map<string, TClockSubscription>();
  /** Events Stripe would send to the webhook endpoint, in order, until the test delivers them. */
  const pendingEvents: Json[] = [];
  /** Every event delivered so far (a test redelivers some, as Stripe may). */
  const deliveredEvents: Json[] = [];
  /** Each past-due subscription's open invoice, which the retries charge again. */
  const openInvoiceOf = new Map<string, string>();
  const priceNames = new Map(options.prices.map((p) => [p.id, p.name ?? p.id]));
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

  const subscriptionItem = (priceId: string, quantity: number, periodEnd: number, start = now()) => ({
    id: id('si'),
    object: 'subscription_item',
    price: prices.get(priceId) ?? { id: priceId, object: 'price' },
    quantity,
    current_period_start: start,
    current_period_end: periodEnd,
    metadata: {},
  });

  /** A customer's time: its test clock's frozen_time, or the real time. */
  const timeOf = (customerId: unknown) => {
    const clockId = customers.get(String(customerId))?.test_clock;
    return clockId ? Number(clocks.get(String(clockId))!.frozen_time) : now();
  };
  const clockPriceOf = (priceId: string): TClockPrice => {
    const price = prices.get(priceId);
    const recurring = price?.recurring as { interval: 'month' | 'year' } | null | undefined;
    return {
      id: priceId,
      name: priceNames.get(priceId) ?? priceId,
      unitAmount: Number(price?.unit_amount ?? 0),
      interval: recurring?.interval ?? 'month',
    };
  };
  /** Copies the billing state onto the Stripe-shaped subscription. */
  const syncSubscription = (subscription: Json) => {
    const state = billing.get(String(subscription.id));
    if (!state) return;
    const item = (subscription.items as { data: Json[] }).data[0]!;
    item.price = prices.get(state.price.id) ?? { id: state.price.id, object: 'price' };
    item.quantity = state.quantity;
    item.current_period_start = state.periodStart;
    item.current_period_end = state.periodEnd;
    subscription.status = state.status;
    subscription.cancel_at_period_end = state.cancelAtPeriodEnd;
    if (state.status === 'canceled') {
      subscription.canceled_at ??= timeOf(subscription.customer);
      subscription.ended_at ??= timeOf(subscription.customer);
    }
  };
  const invoiceCount = new Map<string, number>();
  const createInvoice = (subscription: Json, bill: TClockInvoice): Json => {
    const customerId = String(subscription.customer);
    const customer = customers.get(customerId);
    const count = (invoiceCount.get(customerId) ?? 0) + 1;
    invoiceCount.set(customerId, count);
    const paid = bill.status === 'paid';
    const invoice: Json = {
      id: id('in'),
      object: 'invoice',
      number: `${customerId.slice(-8).toUpperCase()}-${String(count).padStart(4, '0')}`,
      customer: customerId,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      status: paid ? 'paid' : 'open',
      billing_reason: bill.billingReason,
      collection_method: 'charge_automatically',
      currency: 'usd',
      subtotal: bill.total,
      total: bill.total,
      amount_due: Math.max(bill.total, 0),
      amount_paid: paid ? Math.max(bill.total, 0) : 0,
      amount_remaining: paid ? 0 : Math.max(bill.total, 0),
      attempt_count: bill.attemptCount,
      attempted: true,
      created: bill.created,
      period_start: bill.periodStart,
      period_end: bill.periodEnd,
      next_payment_attempt: bill.nextPaymentAttempt,
      status_transitions: { finalized_at: bill.created, paid_at: paid ? bill.created : null },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata ?? {} },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: bill.lines.map((line) => ({
          id: id('il'),
          object: 'line_item',
          amount: line.amount,
          currency: 'usd',
          description: line.description,
          quantity: line.quantity,
          period: { start: line.periodStart, end: line.periodEnd },
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              proration: line.proration,
              subscription: subscription.id,
              subscription_item: (subscription.items as { data: Json[] }).data[0]!.id,
            },
          },
        })),
      },
      livemode: false,
    };
    invoices.set(String(invoice.id), invoice);
    if (paid) openInvoiceOf.delete(String(subscription.id));
    else openInvoiceOf.set(String(subscription.id), String(invoice.id));
    return invoice;
  };
  /** An automatic retry of the subscription's open invoice (attempt_count and next_payment_attempt move). */
  const retryInvoice = (subscription: Json, retry: TClockRetry): Json | null => {
    const invoice = invoices.get(openInvoiceOf.get(String(subscription.id)) ?? '');
    if (!invoice) return null;
    const paid = retry.status === 'paid';
    Object.assign(invoice, {
      status: retry.status,
      attempt_count: retry.attemptCount,
      next_payment_attempt: retry.nextPaymentAttempt,
      amount_paid: paid ? invoice.amount_due : 0,
      amount_remaining: paid ? 0 : invoice.amount_due,
      status_transitions: {
        ...(invoice.status_transitions as Json),
        paid_at: paid ? retry.at : null,
      },
    });
    if (paid) openInvoiceOf.delete(String(subscription.id));
    return invoice;
  };
  /** The object as it is now (an event carries the state at its time, not a later one). */
  const snapshot = (object: Json): Json => JSON.parse(JSON.stringify(object)) as Json;
  const queueEvent = (type: string, object: Json, created: number) => {
    pendingEvents.push({
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: JSON.parse(JSON.stringify(object, (k, v: unknown) => (k.startsWith('_') ? undefined : v))),
      },
    });
  };
  /** What Stripe would bill next for a subscription (invoices/create_preview), or null. */
  const previewOf = (subscriptionId: string) => {
    const state = billing.get(subscriptionId);
    if (!state || state.cancelAtPeriodEnd || !['trialing', 'active'].includes(state.status)) return null;
    const due = state.status === 'trialing' ? (state.trialEnd ?? state.periodEnd) : state.periodEnd;
    return runClock({ ...state, trialWillEndSent: true, cardFailsOnCharge: false }, due).invoices[0] ?? null;
  };

  /** Runs every subscription of the clock's customers up to `until`, queueing the events Stripe sends. */
  function advanceClock(clockId: string, until: number) {
    const clock = clocks.get(clockId)!;
    const timeline: { at: number; order: number; type: string; object: () => Json }[] = [];
    for (const subscription of subscriptions.values()) {
      const customer = customers.get(String(subscription.customer));
      const state = billing.get(String(subscription.id));
      if (!customer || customer.test_clock !== clockId || !state) continue;
      const { sub, effects } = runClock(state, until, retryDays);
      billing.set(String(subscription.id), sub);
      for (const effect of effects) {
        const invoice =
          'invoice' in effect
            ? createInvoice(subscription, effect.invoice)
            : 'retry' in effect
              ? retryInvoice(subscription, effect.retry)
              : null;
        const copy = invoice ? snapshot(invoice) : null;
        timeline.push({
          at: effect.at,
          order: timeline.length,
          type: effect.type,
          object: () => copy ?? subscription,
        });
      }
      syncSubscription(subscription);
    }
    timeline.sort((a, b) => a.at - b.at || a.order - b.order);
    for (const entry of timeline) queueEvent(entry.type, entry.object(), entry.at);
    clock.frozen_time = until;
  }

  function handle(
    method: string,
    path: string,
    params: Record<string, unknown>,
  ): { status: number; body: Json } {
    const segments = path.replace(/^\/v1\//, '').split('/');
    const [resource, objectId, sub] = segments;
    if (resource === 'customers' && method === 'POST' && !objectId) {
      if (params.test_clock && !clocks.has(String(params.test_clock)))
        return notFound('test_clock', String(params.test_clock));
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        test_clock: params.test_clock ?? null,
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'customers' && method === 'GET' && objectId) {
      const customer = customers.get(objectId);
      return customer ? { status: 200, body: customer } : notFound('customer', objectId);
    }
    if (resource === 'test_helpers' && objectId === 'test_clocks') {
      const clockId = sub;
      const action = segments[3];
      if (method === 'POST' && !clockId) {
        const clock = {
          id: id('clock'),
          object: 'test_helpers.test_clock',
          created: now(),
          deletes_after: now() + 30 * DAY,
          frozen_time: Number(params.frozen_time),
          name: params.name ?? null,
          status: 'ready',
          livemode: false,
        };
        clocks.set(clock.id, clock);
        return { status: 200, body: clock };
      }
      const clock = clockId ? clocks.get(clockId) : undefined;
      if (!clock || !clockId) return notFound('test_clock', String(clockId));
      if (method === 'GET' && !action) return { status: 200, body: clock };
      if (method === 'POST' && action === 'advance') {
        const until = Number(params.frozen_time);
        if (!(until > Number(clock.frozen_time)))
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                message: 'The frozen_time must be after the current frozen_time of the test clock.',
                param: 'frozen_time',
              },
            },
          };
        advanceClock(clockId, until);
        // Stripe answers `advancing` and finishes in the background; here it is done before the answer.
        return { status: 200, body: { ...clock, status: 'advancing' } };
      }
    }
    if (resource === 'invoices') {
      if (method === 'GET' && !objectId) {
        const data = [...invoices.values()]
          .filter((invoice) => !params.customer || invoice.customer === params.customer)
          .sort((a, b) => Number(b.created) - Number(a.created));
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoices' } };
      }
      if (method === 'POST' && objectId === 'create_preview') {
        const subscriptionId = String(params.subscription ?? '');
        const subscription = subscriptions.get(subscriptionId);
        const bill = previewOf(subscriptionId);
        if (!subscription || !bill)
          return {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'invoice_upcoming_none',
                message: 'No upcoming invoices for customer',
              },
            },
          };
        const preview = createInvoice(subscription, bill);
        invoices.delete(String(preview.id));
        invoiceCount.set(String(subscription.customer), invoiceCount.get(String(subscription.customer))! - 1);
        return {
          status: 200,
          body: { ...preview, id: null, number: null, status: 'draft', next_payment_attempt: bill.created },
        };
      }
      if (method === 'GET' && objectId) {
        const invoice = invoices.get(objectId);
        return invoice ? { status: 200, body: invoice } : notFound('invoice', objectId);
      }
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
          customer_details: null,
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
        const state = billing.get(objectId);
        if (state) billing.set(objectId, { ...state, status: 'canceled' });
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
        return { status: 200, body: subscription };
      }
      if (method === 'POST') {
        const items = (subscription.items as { data: Json[] }).data;
        for (const change of (params.items as { id?: string; price?: string; quantity?: string }[]) ?? []) {
          const item = items.find((i) => i.id === change.id) ?? items[0]!;
          const state = billing.get(objectId);
          if (state) {
            // proration_behavior create_prorations (Stripe's default): lines wait for the next invoice.
            const changed = changeSubscription(
              state,
              {
                price: change.price ? clockPriceOf(change.price) : state.price,
                quantity: change.quantity !== undefined ? Number(change.quantity) : state.quantity,
              },
              timeOf(subscription.customer),
            );
            billing.set(objectId, changed.sub);
            if (changed.invoice) createInvoice(subscription, changed.invoice);
            syncSubscription(subscription);
            continue;
          }
          if (change.price) item.price = prices.get(change.price) ?? { id: change.price, object: 'price' };
          if (change.quantity !== undefined) item.quantity = Number(change.quantity);
        }
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
          const state = billing.get(objectId);
          if (state)
            billing.set(objectId, { ...state, cancelAtPeriodEnd: params.cancel_at_period_end === 'true' });
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
    invoices,
    clocks,
    pendingEvents,
    deliveredEvents,
    /**
     * The customer saves another card in Stripe's hosted billing portal (it becomes the subscription's
     * default payment method): the organization's subscriptions charge it from the next attempt on.
     * A card Stripe declines on attach is refused, as the portal refuses it.
     */
    updateCard(orgId: number, card: string) {
      const known = TEST_CARDS[card.replace(/\s/g, '')];
      if (!known || known.outcome === 'declined') throw new Error(`card refused: ${card}`);
      let found = 0;
      for (const subscription of subscriptions.values()) {
        if ((subscription.metadata as Json | undefined)?.orgId !== String(orgId)) continue;
        const state = billing.get(String(subscription.id));
        subscription.default_payment_method = id('pm');
        if (state)
          billing.set(String(subscription.id), {
            ...state,
            cardFailsOnCharge: known.outcome === 'fails_on_charge',
          });
        found += 1;
      }
      if (found === 0) throw new Error(`no subscription of organization ${orgId}`);
    },
    /** Hands the queued events to `deliver` (a signed webhook POST) in order, as Stripe's delivery would. */
    async deliverEvents(deliver: (event: Json) => Promise<unknown>) {
      const delivered: string[] = [];
      while (pendingEvents.length > 0) {
        const event = pendingEvents.shift()!;
        await deliver(event);
        deliveredEvents.push(event);
        delivered.push(String(event.type));
      }
      return delivered;
    },
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
    completeCheckout(
      sessionId: string,
      options: { paid?: boolean; email?: string; name?: string; card?: string } = {},
    ) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      // What the buyer typed on Stripe's page (a guest's address when billing passed no customer_email).
      session.customer_details = {
        email: options.email ?? session.customer_email ?? null,
        name: options.name ?? null,
      };
      if (session.mode === 'subscription') {
        // Without a customer (a guest), Stripe creates one from the address typed on its page.
        if (!session.customer && options.paid !== false) {
          const customer = {
            id: id('cus'),
            object: 'customer',
            email: options.email ?? session.customer_email ?? null,
            name: options.name ?? null,
            metadata: {},
            test_clock: null,
            created: now(),
            livemode: false,
          };
          customers.set(customer.id, customer);
          session.customer = customer.id;
        }
        const data = session._subscription_data as { trial_period_days?: string; metadata?: Json };
        const trialDays = Number(data.trial_period_days ?? 0);
        const start = timeOf(session.customer);
        const trialEnd = trialDays > 0 ? start + trialDays * DAY : null;
        const li = (session._line_items as { price: string; quantity?: string }[])[0]!;
        const subscription = {
          id: id('sub'),
          object: 'subscription',
          customer: session.customer,
          status: options.paid === false ? 'incomplete' : trialEnd ? 'trialing' : 'active',
          items: {
            object: 'list',
            data: [subscriptionItem(li.price, Number(li.quantity ?? 1), trialEnd ?? start + 30 * DAY, start)],
            has_more: false,
          },
          trial_start: trialEnd ? start : null,
          trial_end: trialEnd,
          cancel_at_period_end: false,
          canceled_at: null,
          default_payment_method: options.paid === false ? null : id('pm'),
          metadata: data.metadata ?? {},
          created: now(),
          livemode: false,
        };
        subscriptions.set(subscription.id, subscription);
        if (options.paid !== false) {
          const card = TEST_CARDS[(options.card ?? '4242424242424242').replace(/\s/g, '')];
          billing.set(subscription.id, {
            status: subscription.status,
            price: clockPriceOf(li.price),
            quantity: Number(li.quantity ?? 1),
            trialEnd,
            periodStart: start,
            periodEnd: trialEnd ?? start + 30 * DAY,
            cancelAtPeriodEnd: false,
            trialWillEndSent: false,
            pendingLines: [],
            cardFailsOnCharge: card?.outcome === 'fails_on_charge',
            dunning: null,
          });
        }
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
