import { EntitySchema } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';

export interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

export const OutboxSchema = new EntitySchema<OutboxRow>({
  name: 'OutboxRow',
  tableName: 'kit_outbox',
  properties: {
    id: { type: 'uuid', primary: true },
    topic: { type: 'text' },
    key: { type: 'text' },
    payload: { type: 'json' },
    createdAt: {
      type: 'Date',
      columnType: 'timestamptz',
      fieldName: 'created_at',
      defaultRaw: 'now()',
      onCreate: () => new Date(),
      index: 'kit_outbox_created_at',
    },
  },
});

// The inbox and the rejected outbox are written with plain SQL by the consumer and the relay; they are
// declared here so the schema diff of every service knows them (its migrations then add nothing of them).
interface InboxRow {
  eventId: string;
  consumer: string;
  handledAt: Date;
}
const InboxSchema = new EntitySchema<InboxRow>({
  name: 'KitInboxRow',
  tableName: 'kit_inbox',
  properties: {
    eventId: { type: 'uuid', primary: true, fieldName: 'event_id' },
    consumer: { type: 'text', primary: true },
    handledAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'handled_at', defaultRaw: 'now()' },
  },
});
interface RejectedRow {
  id: string;
  topic: string;
  key: string;
  payload: Record<string, unknown>;
  error: string;
  rejectedAt: Date;
}
const RejectedSchema = new EntitySchema<RejectedRow>({
  name: 'KitOutboxRejectedRow',
  tableName: 'kit_outbox_rejected',
  properties: {
    id: { type: 'uuid', primary: true },
    topic: { type: 'text' },
    key: { type: 'text' },
    payload: { type: 'json' },
    error: { type: 'text' },
    rejectedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'rejected_at', defaultRaw: 'now()' },
  },
});

/** An event whose handler failed: retried with backoff by the retry worker, off the partition (consumer.ts). */
interface RetryRow {
  id: string;
  eventId: string;
  consumer: string;
  topic: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  lastError: string;
  nextAttemptAt: Date;
  createdAt: Date;
}
const RetrySchema = new EntitySchema<RetryRow>({
  name: 'KitRetryRow',
  tableName: 'kit_retry',
  properties: {
    id: { type: 'uuid', primary: true },
    eventId: { type: 'uuid', fieldName: 'event_id' },
    consumer: { type: 'text' },
    topic: { type: 'text' },
    key: { type: 'text' },
    payload: { type: 'json' },
    attempts: { type: 'integer' },
    lastError: { type: 'text', fieldName: 'last_error' },
    nextAttemptAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'next_attempt_at' },
    createdAt: {
      type: 'Date',
      columnType: 'timestamptz',
      fieldName: 'created_at',
      defaultRaw: 'clock_timestamp()',
    },
  },
});
/** An event that kept failing past its retries: listed and replayed with `node dist/dead-letters.js`. */
interface DeadLetterRow {
  id: string;
  eventId: string;
  consumer: string;
  topic: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  error: string;
  deadAt: Date;
  replayedAt?: Date;
}
const DeadLetterSchema = new EntitySchema<DeadLetterRow>({
  name: 'KitDeadLetterRow',
  tableName: 'kit_dead_letter',
  properties: {
    id: { type: 'uuid', primary: true },
    eventId: { type: 'uuid', fieldName: 'event_id' },
    consumer: { type: 'text' },
    topic: { type: 'text' },
    key: { type: 'text' },
    payload: { type: 'json' },
    attempts: { type: 'integer' },
    error: { type: 'text' },
    deadAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'dead_at', defaultRaw: 'now()' },
    replayedAt: { type: 'Date', columnType: 'timestamptz', fieldName: 'replayed_at', nullable: true },
  },
});

export const kitEntities = [
  OutboxSchema,
  InboxSchema,
  RejectedSchema,
  RetrySchema,
  DeadLetterSchema,
] as EntitySchema[];

/**
 * The kit's own tables: the transactional outbox (with a NOTIFY so the relay wakes at once) and the
 * inbox of handled event ids (one row per event and consumer: a redelivered event changes nothing).
 */
export class KitMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE IF NOT EXISTS kit_outbox (
      id uuid PRIMARY KEY,
      topic text NOT NULL,
      key text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql('CREATE INDEX IF NOT EXISTS kit_outbox_created_at ON kit_outbox (created_at)');
    this.addSql(`CREATE OR REPLACE FUNCTION kit_outbox_notify() RETURNS trigger AS $$
      BEGIN PERFORM pg_notify('kit_outbox', ''); RETURN NULL; END; $$ LANGUAGE plpgsql`);
    this.addSql('DROP TRIGGER IF EXISTS kit_outbox_notify ON kit_outbox');
    this.addSql(
      'CREATE TRIGGER kit_outbox_notify AFTER INSERT ON kit_outbox FOR EACH STATEMENT EXECUTE FUNCTION kit_outbox_notify()',
    );
    this.addSql(`CREATE TABLE IF NOT EXISTS kit_inbox (
      event_id uuid NOT NULL,
      consumer text NOT NULL,
      handled_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (event_id, consumer)
    )`);
  }
}

/** Outbox rows the broker refused outright (schema mismatch): kept for an operator, never blocking the queue. */
export class KitRejectedMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE IF NOT EXISTS kit_outbox_rejected (
      id uuid PRIMARY KEY,
      topic text NOT NULL,
      key text NOT NULL,
      payload jsonb NOT NULL,
      error text NOT NULL,
      rejected_at timestamptz NOT NULL DEFAULT now()
    )`);
  }
}

/** Consumer retries off the partition (kit_retry) and dead letters an operator can list and replay. */
export class KitRetryMigration extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE IF NOT EXISTS kit_retry (
      id uuid PRIMARY KEY,
      event_id uuid NOT NULL,
      consumer text NOT NULL,
      topic text NOT NULL,
      key text NOT NULL,
      payload jsonb NOT NULL,
      attempts int NOT NULL,
      last_error text NOT NULL,
      next_attempt_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`);
    this.addSql(`CREATE TABLE IF NOT EXISTS kit_dead_letter (
      id uuid PRIMARY KEY,
      event_id uuid NOT NULL,
      consumer text NOT NULL,
      topic text NOT NULL,
      key text NOT NULL,
      payload jsonb NOT NULL,
      attempts int NOT NULL,
      error text NOT NULL,
      dead_at timestamptz NOT NULL DEFAULT now(),
      replayed_at timestamptz NULL
    )`);
  }
}

/** The kit's own migrations, run before every service's. */
export const kitMigrations = [
  { name: 'Migration00000000000000Kit', class: KitMigration },
  { name: 'Migration00000000000001KitRejected', class: KitRejectedMigration },
  { name: 'Migration00000000000002KitRetry', class: KitRetryMigration },
];
