import type { MikroORM } from '@mikro-orm/core';
import type { Kafka, Producer } from 'kafkajs';
import type { Logger } from 'pino';
import type { TBaseConfig } from '../config.js';
import {
  DEFAULT_RETRY_POLICY,
  RetryWorker,
  startConsumers,
  type ConsumerDefinition,
  type TConsumers,
  type TRetryPolicy,
} from '../consumer.js';
import { OutboxRelay } from '../outbox.js';
import { startSchedules, type ScheduleDefinition, type Schedules } from '../schedules.js';

interface TWorkerOptions<D> {
  name: string;
  config: TBaseConfig;
  databaseUrl: string;
  orm: MikroORM;
  kafka: Kafka | null;
  logger: Logger;
  consumers: ConsumerDefinition[];
  schedules: ScheduleDefinition<D>[];
  deps: D;
  stopping: AbortSignal;
}

/**
 * A service's background work, started once: the producer (dead letters and direct sends), the outbox relay,
 * the consumers with their retry worker, and the declared schedules. Each is null until started.
 */
export class ServiceWorkers<D> {
  producer: Producer | null = null;
  producerConnected = false;
  relay: OutboxRelay | null = null;
  consumer: TConsumers | null = null;
  retryWorker: RetryWorker | null = null;
  schedules: Schedules | null = null;
  private started = false;
  private readonly retry: TRetryPolicy;

  constructor(private readonly options: TWorkerOptions<D>) {
    const { config } = options;
    this.retry = {
      ...DEFAULT_RETRY_POLICY,
      quickAttempts: Math.min(DEFAULT_RETRY_POLICY.quickAttempts, config.CONSUMER_RETRY_MAX_ATTEMPTS),
      maxAttempts: config.CONSUMER_RETRY_MAX_ATTEMPTS,
      baseMs: config.CONSUMER_RETRY_BASE_MS,
      maxDelayMs: config.CONSUMER_RETRY_MAX_DELAY_MS,
    };
  }

  /** The outbox relay's producer: idempotent, one request in flight (the outbox's order is kept). */
  private readonly createProducer = () => {
    if (!this.options.kafka) throw new Error('no broker configured');
    return this.options.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
    });
  };

  private newRelay() {
    const { databaseUrl, logger, config } = this.options;
    return new OutboxRelay({
      databaseUrl,
      createProducer: this.createProducer,
      logger,
      pollMs: config.OUTBOX_POLL_MS,
    });
  }

  /** Starts them once; true for the call that did (false when they were already started). */
  async start(): Promise<boolean> {
    if (this.started) return false;
    this.started = true;
    const { kafka, orm, name, consumers, logger, stopping } = this.options;
    if (kafka) {
      // Plain producer for dead letters and direct sends: unlike an idempotent one it survives a broker restart.
      const producer = kafka.producer({ allowAutoTopicCreation: false });
      this.producer = producer;
      producer.on(producer.events.CONNECT, () => (this.producerConnected = true));
      producer.on(producer.events.DISCONNECT, () => (this.producerConnected = false));
      await producer.connect();
      this.producerConnected = true;
      this.relay = this.newRelay();
      await this.relay.start();
      this.consumer = await startConsumers({
        kafka,
        orm,
        service: name,
        definitions: consumers,
        producer,
        logger,
        retry: this.retry,
        stopping,
      });
      if (consumers.length > 0) {
        this.retryWorker = new RetryWorker({
          orm,
          service: name,
          definitions: consumers,
          producer: () => this.producer,
          logger,
          policy: this.retry,
          stopping,
        });
        this.retryWorker.start();
      }
    }
    this.schedules = startSchedules(name, this.options.schedules, this.options.deps, logger, stopping);
    return true;
  }

  /** Publishes whatever the outbox holds now (tests), through a relay of its own. */
  async flushOutbox(): Promise<number> {
    if (!this.options.kafka) return 0;
    const once = this.newRelay();
    try {
      let total = 0;
      for (let n = await once.relayBatch(); n > 0; n = await once.relayBatch()) total += n;
      return total;
    } finally {
      await once.stop();
    }
  }
}
