import { loadavg } from 'node:os';
import { Topics } from '@dealflow/contracts';
import { waitFor } from '@dealflow/service-kit/testing';
import { startBilling } from '../test/billing-harness.js';

export interface TBillingBenchResult {
  webhookEvents: number;
  webhookSeconds: number;
  /** Signed Stripe events verified, de-duplicated, applied and published per second (target >= 200). */
  webhooksPerSecond: number;
  /**
   * Events per CPU-second of this process (service + Stripe stand-in + load generator together, so a lower
   * bound of one core's capacity): the figure that does not depend on how busy the shared machine is.
   */
  webhooksPerCpuSecond: number;
  loadAverage: number;
  seatChanges: number;
  /** From identity's member event published to the subscription update reaching Stripe (target p99 < 1000 ms). */
  seatChangeP50Ms: number;
  seatChangeP99Ms: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * svc-billing's bench, on the real stack pieces (PostgreSQL, the Kafka-protocol broker, the real Stripe
 * SDK against the local stand-in): signed webhooks over HTTP with some concurrency, and seat-change latency.
 */
export async function runBillingBench(options: { events?: number; concurrency?: number; seatChanges?: number } = {}) {
  const events = options.events ?? 1000;
  const concurrency = options.concurrency ?? 16;
  const seatChanges = options.seatChanges ?? 60;
  const h = await startBilling({ LOG_LEVEL: 'silent' });
  try {
    const address = await h.svc.listen();
    const subscriptions: string[] = [];
    for (let org = 1; org <= 20; org++) subscriptions.push((await h.subscribe(1000 + org)).subscriptionId);

    const payloads = Array.from({ length: events }, (_, i) => {
      const sub = h.stripe.subscriptions.get(subscriptions[i % subscriptions.length]!)!;
      return JSON.stringify(h.stripe.event('customer.subscription.updated', sub));
    });
    let next = 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < payloads.length) {
          const payload = payloads[next++]!;
          const response = await fetch(`${address}/webhooks/stripe`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': h.stripe.sign(payload, 'whsec_test_billing_secret') },
            body: payload,
          });
          if (response.status !== 200) throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
        }
      }),
    );
    const webhookSeconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;

    const latencies: number[] = [];
    for (let i = 0; i < seatChanges; i++) {
      const orgIndex = i % subscriptions.length;
      const subscriptionId = subscriptions[orgIndex]!;
      const memberCount = 2 + Math.floor(i / subscriptions.length);
      const before = h.stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).length;
      const t0 = Date.now();
      await h.bus.publish(Topics.memberAdded, {
        orgId: 1001 + orgIndex,
        userId: 10_000 + i,
        email: `bench${i}@fund.example`,
        name: `Bench ${i}`,
        role: 'member',
        memberCount,
      });
      const request = await waitFor(
        () => h.stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).slice(before).find((r) => r.params.items),
        { timeoutMs: 10_000, intervalMs: 2 },
      );
      latencies.push(request!.at - t0);
    }
    const result: TBillingBenchResult = {
      webhookEvents: events,
      webhookSeconds: Math.round(webhookSeconds * 100) / 100,
      webhooksPerSecond: Math.round(events / webhookSeconds),
      webhooksPerCpuSecond: Math.round(events / cpuSeconds),
      loadAverage: Math.round(loadavg()[0]! * 10) / 10,
      seatChanges,
      seatChangeP50Ms: percentile(latencies, 50),
      seatChangeP99Ms: percentile(latencies, 99),
    };
    return result;
  } finally {
    await h.stop();
  }
}
