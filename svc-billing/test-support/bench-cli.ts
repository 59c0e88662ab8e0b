import { runBillingBench } from './bench.js';

const result = await runBillingBench({ events: Number(process.env.BILLING_BENCH_EVENTS ?? 1000) });
console.log(
  `billing: ${result.webhooksPerSecond} signed webhooks/s (${result.webhookEvents} in ${result.webhookSeconds} s, target >= 200; ` +
    `${result.webhooksPerCpuSecond} per CPU-second of the billing process, machine load ${result.loadAverage}); ` +
    `seat change to Stripe p50 ${result.seatChangeP50Ms} ms, p99 ${result.seatChangeP99Ms} ms (target < 1000)`,
);
console.log(JSON.stringify({ service: 'billing', ...result }));
process.exit(0);
