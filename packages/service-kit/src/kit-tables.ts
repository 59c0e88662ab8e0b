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

export const kitEntities = [OutboxSchema, InboxSchema, RejectedSchema] as EntitySchema[];

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

/** The kit's own migrations, run before every service's. */
export const kitMigrations = [
  { name: 'Migration00000000000000Kit', class: KitMigration },
  { name: 'Migration00000000000001KitRejected', class: KitRejectedMigration },
];
