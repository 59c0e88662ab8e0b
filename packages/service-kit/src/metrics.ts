import { metrics, type Counter, type Histogram, type Meter } from '@opentelemetry/api';

interface TKitInstruments {
  meter: Meter;
  eventsHandled: Counter;
  eventsDeadLettered: Counter;
  deliveriesDamaged: Counter;
  outboxPublished: Counter;
  outboxRejected: Counter;
  httpDuration: Histogram;
  scheduleRuns: Counter;
  scheduleDuration: Histogram;
}
let cached: TKitInstruments | null = null;

/**
 * The kit's instruments, taken from the global MeterProvider when first used (not at import): the
 * provider (SDK or the metrics-only one behind /metrics) is installed after some modules are loaded, and
 * an instrument made from the no-op meter before that would stay a no-op.
 */
export function kitMetrics(): TKitInstruments {
  const meter = metrics.getMeter('service-kit');
  if (cached?.meter === meter) return cached;
  cached = {
    meter,
    eventsHandled: meter.createCounter('events_handled_total', {
      description: 'Events applied by a consumer (outcome handled or duplicate)',
    }),
    eventsDeadLettered: meter.createCounter('events_dead_lettered_total', {
      description: 'Events given up on after retries, or unparseable',
    }),
    deliveriesDamaged: meter.createCounter('event_deliveries_damaged_total', {
      description: 'Deliveries whose value differed from the producer digest, fetched again',
    }),
    outboxPublished: meter.createCounter('outbox_published_total', {
      description: 'Outbox events the relay handed to the broker',
    }),
    outboxRejected: meter.createCounter('outbox_rejected_total', {
      description: 'Outbox events the broker refused (parked in kit_outbox_rejected)',
    }),
    httpDuration: meter.createHistogram('http_request_duration_seconds', {
      description: 'Time to answer an HTTP request, by route template',
      unit: 's',
      advice: { explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] },
    }),
    scheduleRuns: meter.createCounter('schedule_runs_total', {
      description: 'Runs of a service schedule (createService schedules), by outcome ok or failed',
    }),
    scheduleDuration: meter.createHistogram('schedule_run_duration_seconds', {
      description: 'Time one run of a service schedule took',
      unit: 's',
      advice: { explicitBucketBoundaries: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300] },
    }),
  };
  return cached;
}
