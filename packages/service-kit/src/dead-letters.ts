import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import type { TBaseConfig } from './config.js';
import { eventHeaders } from './delivery.js';
import { kafkaConnectionOptions } from './kafka-options.js';

const USAGE = 'usage: dead-letters list | replay <id|--all>';

interface TDeadLetterRow {
  id: string;
  event_id: string;
  consumer: string;
  topic: string;
  key: string;
  /** The event's JSON; a JSON string when the event came as text that did not parse. */
  payload: unknown;
  attempts: number;
  error: string;
  dead_at: Date;
}

/**
 * The operator's command over one service's dead letters (kit_dead_letter): `list` prints one JSON line per
 * letter not yet replayed; `replay <id|--all>` publishes each event again to its topic over the broker (every
 * consumer's inbox drops it where it was applied, so only the failed consumer acts on it) and marks it replayed.
 * A replayed event that fails again is parked and retried like any other, and may come back here.
 */
export async function runDeadLetterCommand(
  service: string,
  config: TBaseConfig,
  argv: string[],
  print: (line: string) => void = (line) => console.log(line),
): Promise<void> {
  const [command, target] = argv;
  if (command !== 'list' && !(command === 'replay' && target)) throw new Error(USAGE);
  const client = new pg.Client({
    connectionString: config.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${service}`,
  });
  await client.connect();
  try {
    const pending = async () =>
      (
        await client.query<TDeadLetterRow>(
          `SELECT id, event_id, consumer, topic, key, payload, attempts, error, dead_at FROM kit_dead_letter
           WHERE replayed_at IS NULL ${command === 'replay' && target !== '--all' ? 'AND id::text = $1' : ''}
           ORDER BY dead_at`,
          command === 'replay' && target !== '--all' ? [target] : [],
        )
      ).rows;
    if (command === 'list') {
      for (const row of await pending())
        print(
          JSON.stringify({
            id: row.id,
            eventId: row.event_id,
            consumer: row.consumer,
            topic: row.topic,
            orgId: row.key,
            attempts: row.attempts,
            error: row.error,
            deadAt: row.dead_at,
          }),
        );
      return;
    }
    const rows = await pending();
    if (rows.length > 0) {
      if (!config.KAFKA_BROKERS) throw new Error('KAFKA_BROKERS is not set: nothing to replay through');
      const kafka = new Kafka({
        ...kafkaConnectionOptions(config),
        clientId: `${service}-dead-letters`,
        brokers: config.KAFKA_BROKERS.split(',').map((b) => b.trim()),
        logLevel: logLevel.NOTHING,
      });
      const producer = kafka.producer({ allowAutoTopicCreation: false });
      await producer.connect();
      try {
        for (const row of rows) {
          // An event kept as the text it came in (it did not parse) is published verbatim.
          const value = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
          await producer.send({
            topic: row.topic,
            messages: [{ key: row.key, value, headers: eventHeaders(value, row.event_id) }],
          });
          await client.query('UPDATE kit_dead_letter SET replayed_at = now() WHERE id = $1', [row.id]);
          print(JSON.stringify({ replayed: row.id, eventId: row.event_id, topic: row.topic }));
        }
      } finally {
        await producer.disconnect();
      }
    }
    print(`replayed ${rows.length}`);
  } finally {
    await client.end();
  }
}

/** `node dist/dead-letters.js list|replay <id|--all>` in a service: exits 1 with the reason on failure. */
export async function runDeadLetterCli(service: string, config: TBaseConfig, argv = process.argv.slice(2)) {
  try {
    await runDeadLetterCommand(service, config, argv);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  }
}
