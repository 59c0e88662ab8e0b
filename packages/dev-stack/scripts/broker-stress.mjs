// Stress of the local broker (go-mokapi) with plain kafkajs, no database: the fast reproducer of its damaged
// fetches (dev-stack README, "The local broker"). Prints one JSON line of figures.
//   node packages/dev-stack/scripts/broker-stress.mjs            (the broker as started before: all threads)
//   VERIFY=1 BROKER_GOMAXPROCS=1 node ...                         (as the stack runs now: one thread, kit checks)
// Knobs: MESSAGES (2000), PRODUCERS (3), BATCH (messages per send, 20), PARTITIONS (3), NGROUPS (consumer
// groups, 1), FIXED=min-max value sizes (else 60% 0.2-1 KB, 30% 1-21 KB, 10% up to MAXSIZE), IDLE (ms without
// progress before giving up), BROKER_LOG=1, KLOG=1.
import { spawn } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import net from 'node:net';
import { randomUUID, randomBytes } from 'node:crypto';
const require = createRequire(import.meta.url);
const { Kafka, logLevel } = require('kafkajs');
const { mokapiBinary } = await import('../dist/index.js');
// The kit's check (value-sha256 header, fetched again when damaged) and its restart of a consumer kafkajs stopped.
const { checkDelivery, eventHeaders } = await import('@dealflow/service-kit');
const VERIFY = !!process.env.VERIFY;
const bin = mokapiBinary();

const env = (k, d) => (process.env[k] ? Number(process.env[k]) : d);
const MESSAGES = env('MESSAGES', 2000),
  PRODUCERS = env('PRODUCERS', 3),
  BATCH = env('BATCH', 20);
const PARTITIONS = env('PARTITIONS', 3),
  MAXSIZE = env('MAXSIZE', 200_000);
const free = () =>
  new Promise((r) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => r(p));
    });
  });
const port = await free();
const dir = mkdtempSync(join(tmpdir(), 'broker-stress-'));
const doc = {
  asyncapi: '3.0.0',
  info: { title: 't', version: '1' },
  defaultContentType: 'application/json',
  servers: {
    kafka: {
      host: `127.0.0.1:${port}`,
      protocol: 'kafka',
      bindings: { kafka: { 'group.initial.rebalance.delay.ms': 200 } },
    },
  },
  channels: {
    s: {
      address: 'stress',
      messages: { e: { contentType: 'application/json', payload: { type: 'object' } } },
      bindings: { kafka: { partitions: PARTITIONS } },
    },
  },
  operations: {
    send: { action: 'send', channel: { $ref: '#/channels/s' } },
    recv: {
      action: 'receive',
      channel: { $ref: '#/channels/s' },
      bindings: { kafka: { groupId: { type: 'string' }, clientId: { type: 'string' } } },
    },
  },
};
writeFileSync(`${dir}/a.json`, JSON.stringify(doc));
const ports = [await free(), await free(), await free()];
const child = spawn(
  bin,
  [
    `--providers-file-filename=${dir}/a.json`,
    `--api-port=${ports[0]}`,
    `--health-port=${ports[1]}`,
    `--mcp-server-port=${ports[2]}`,
    '--mcp-server-enabled=false',
    '--api-search-enabled=false',
    '--api-dashboard=false',
    '--log-level=error',
  ],
  {
    stdio: ['ignore', 'ignore', process.env.BROKER_LOG ? 'inherit' : 'ignore'],
    cwd: dir,
    env: {
      ...process.env,
      ...(process.env.BROKER_GOMAXPROCS ? { GOMAXPROCS: process.env.BROKER_GOMAXPROCS } : {}),
    },
  },
);
for (;;) {
  try {
    await new Promise((res, rej) => {
      const c = net.connect(port, '127.0.0.1', () => {
        c.end();
        res();
      });
      c.on('error', rej);
    });
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 50));
  }
}

const kafka = new Kafka({
  clientId: 'stress',
  brokers: [`127.0.0.1:${port}`],
  logLevel: process.env.KLOG ? logLevel.ERROR : logLevel.NOTHING,
});
function size() {
  if (process.env.FIXED) {
    const [a, b] = process.env.FIXED.split('-').map(Number);
    return a + Math.floor(Math.random() * (b - a));
  }
  const r = Math.random();
  if (r < 0.6) return 200 + Math.floor(Math.random() * 800);
  if (r < 0.9) return 1000 + Math.floor(Math.random() * 20000);
  return 20000 + Math.floor(Math.random() * (MAXSIZE - 20000));
}
const sent = new Map();
const refusedMap = new Map();
function makeMessage(i) {
  const id = randomUUID();
  const body = JSON.stringify({ id, i, pad: randomBytes(Math.ceil(size() / 2)).toString('hex') });
  sent.set(id, body);
  const tp = { traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01` };
  return {
    key: String(i % 7),
    value: body,
    headers: VERIFY ? eventHeaders(body, id, tp) : { 'event-id': id, ...tp },
  };
}
const stats = { received: 0, bad: 0, mismatch: 0, headerMismatch: 0, dup: 0 };
const samples = [];
const GROUPS = env('NGROUPS', 1);
const seenBy = Array.from({ length: GROUPS }, () => new Set());
const consumers = [];
const refetch = new Map();
async function startGroup(g) {
  const seen = seenBy[g];
  const consumer = kafka.consumer({
    groupId: 'g' + g,
    sessionTimeout: 15000,
    heartbeatInterval: 1000,
    maxBytes: env('MAXBYTES', 10485760),
    maxBytesPerPartition: env('MAXBYTESPP', 1048576),
  });
  consumers.push(consumer);
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    stats.crashes = (stats.crashes ?? 0) + 1;
    if (VERIFY && !payload.restart) {
      stats.restarted = (stats.restarted ?? 0) + 1;
      setTimeout(() => startGroup(g), 1000);
    }
  });
  await consumer.connect();
  await consumer.subscribe({ topics: ['stress'], fromBeginning: true });
  await consumer.run({
    partitionsConsumedConcurrently: 3,
    eachMessage: async ({ partition, message }) => {
      if (VERIFY && checkDelivery(message.value, message.headers) === 'damaged') {
        const k = partition + '@' + message.offset + '/' + g;
        const n = (refetch.get(k) ?? 0) + 1;
        if (n <= 3) {
          refetch.set(k, n);
          stats.refetched = (stats.refetched ?? 0) + 1;
          throw new Error('damaged');
        }
      }
      stats.received++;
      const raw = message.value?.toString('utf8') ?? '';
      const hid = message.headers?.['event-id']?.toString();
      let parsed;
      try {
        parsed = JSON.parse(raw);
      } catch (e) {
        stats.bad++;
        if (samples.length < 8)
          samples.push({
            partition,
            offset: message.offset,
            len: raw.length,
            head: raw.slice(0, 120),
            hid,
            hdrs: Object.keys(message.headers ?? {}),
            err: e.message,
          });
        return;
      }
      const exp = sent.get(parsed.id) ?? refusedMap.get(parsed.id);
      if (!sent.has(parsed.id)) stats.refusedButDelivered = (stats.refusedButDelivered ?? 0) + 1;
      if (exp !== raw) {
        stats.mismatch++;
        if (samples.length < 8)
          samples.push({
            mismatch: true,
            len: raw.length,
            expLen: exp?.length,
            head: raw.slice(0, 80),
            exphead: exp?.slice(0, 80),
          });
      }
      if (hid !== parsed.id) stats.headerMismatch++;
      if (seen.has(parsed.id)) stats.dup++;
      seen.add(parsed.id);
    },
  });
}
for (let g = 0; g < GROUPS; g++) await startGroup(g);
const t0 = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: PRODUCERS }, async () => {
    const p = kafka.producer({
      idempotent: !!process.env.IDEMPOTENT,
      maxInFlightRequests: process.env.IDEMPOTENT ? 1 : undefined,
    });
    await p.connect();
    while (next < MESSAGES) {
      const n = Math.min(BATCH, MESSAGES - next);
      next += n;
      const msgs = Array.from({ length: n }, (_, k) => makeMessage(next - n + k));
      try {
        await p.send({ topic: 'stress', messages: msgs });
      } catch (e) {
        stats.sendErr = (stats.sendErr ?? 0) + n;
        stats.lastSendErr = e.message;
        for (const m of msgs) {
          refusedMap.set(m.headers['event-id'], sent.get(m.headers['event-id']));
          sent.delete(m.headers['event-id']);
        }
      }
    }
    await p.disconnect();
  }),
);
let last = -1,
  lastAt = Date.now();
const total = () => seenBy.reduce((a, x) => a + x.size, 0);
while (total() + stats.bad < sent.size * GROUPS) {
  await new Promise((r) => setTimeout(r, 200));
  if (stats.received !== last) {
    last = stats.received;
    lastAt = Date.now();
  } else if (Date.now() - lastAt > env('IDLE', 8000)) break;
}
const missing = seenBy.reduce((a, seen) => a + [...sent.keys()].filter((id) => !seen.has(id)).length, 0);
console.log(
  JSON.stringify(
    {
      GROUPS,
      MESSAGES,
      PRODUCERS,
      BATCH,
      PARTITIONS,
      sent: sent.size,
      ...stats,
      missing,
      ms: Date.now() - t0,
      samples,
    },
    null,
    0,
  ),
);
await Promise.all(consumers.map((c) => c.disconnect()));
child.kill('SIGKILL');
process.exit(0);
