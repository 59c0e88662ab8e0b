import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildRawEmail, findFreePort } from '@dealflow/dev-stack';
import { createTestDatabase, startTestBroker } from '@dealflow/service-kit/testing';
import pg from 'pg';
import { buildApp } from '../../app.js';
import { loadServiceConfig } from '../../config.js';
import { EmailSchema } from '../../entities/email.js';
import { createOrganization } from '../../events/create-organization.js';
import { claimEmail, processEmail } from '../../use-cases/process-email.js';
import { receiveMail } from '../../use-cases/receive-mail.js';
import { readDeck } from '../../domain/deck/read-deck.js';
import { createHeuristicExtractor } from '../../domain/extraction/heuristic-extractor.js';
import { buildSlidesPdf, buildTextPdf } from '../fixtures/build-pdf.js';
import { signBody } from '../../domain/mail/webhook-auth.js';
import { hashWebhookSecret } from '../../repositories/organization.repository.js';

export interface TIngestBenchResult {
  /** Parse + offline extraction of a 20-page text PDF (median of 5 runs, ms). */
  deck20PagesMs: number;
  emails: number;
  /** Accepted (202) per minute while posting. */
  acceptedPerMinute: number;
  /** Received -> completed end to end, per minute. */
  processedPerMinute: number;
  /** Peak RSS (VmHWM) of the svc-ingest process (MB). */
  peakRssMb: number;
  /** Set when processing stopped progressing (the figures then cover what completed before). */
  stalled?: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Parse + extract time of a 20-page text PDF with the offline extractor. */
export async function benchDeckExtraction(runs = 5): Promise<number> {
  const pdf = await buildTextPdf(20);
  const extractor = createHeuristicExtractor();
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    const deck = await readDeck(
      { filename: 'deck.pdf', contentType: 'application/pdf', content: pdf },
      50 * 1024 * 1024,
    );
    await extractor.extract({ deck, emailText: '', fromName: null, fromEmail: 'a@b.io', subject: null });
    if (i > 0) times.push(performance.now() - start); // the first run warms pdf.js up
  }
  return median(times);
}

const message = (to: string, i: number, deck: Buffer) =>
  Buffer.from(
    buildRawEmail({
      from: `Founder ${i} <founder${i}@startup${i}.io>`,
      to,
      subject: `Startup ${i} pitch deck`,
      messageId: `<bench-${i}-${randomBytes(4).toString('hex')}@startup.io>`,
      text: 'Hi, our deck is attached.',
      attachments: [{ filename: 'deck.pdf', contentType: 'application/pdf', content: deck }],
    }),
  );

/** The heap flags of `npm start` (package.json): a small young generation keeps RSS near the live heap. */
export const NODE_FLAGS = '--max-semi-space-size=4 --max-old-space-size=256';

/** Peak resident set (VmHWM) of a process, in MB (Linux). */
const peakRssOf = (pid: number) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

/**
 * End to end on this machine: svc-ingest as its own process (`node dist/server.js`: HTTP, outbox relay,
 * consumers) against a fresh database and broker; `emails` messages, each with a 4-page PDF deck, posted
 * to the mail webhook (HMAC-signed) by `concurrency` clients across `organizations` organizations, until
 * every record is completed. Peak RSS is the service process's VmHWM.
 */
export async function runIngestBench(
  options: {
    emails?: number;
    organizations?: number;
    concurrency?: number;
    log?: (line: string) => void;
  } = {},
): Promise<TIngestBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const emails = options.emails ?? 1000;
  const organizations = options.organizations ?? 6;
  const concurrency = options.concurrency ?? 16;

  const deck20PagesMs = await benchDeckExtraction();
  log(`ingest: 20-page PDF parsed + extracted offline in ${deck20PagesMs.toFixed(0)} ms (median of 5)`);

  const db = await createTestDatabase('ingest_bench');
  const broker = await startTestBroker();
  const port = await findFreePort();
  const server = fileURLToPath(new URL('../../../dist/server.js', import.meta.url));
  const child = spawn(
    process.execPath,
    [...(process.env.INGEST_NODE_FLAGS ?? NODE_FLAGS).split(' ').filter(Boolean), server],
    {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        KAFKA_BROKERS: broker.brokers,
        LOG_LEVEL: 'error',
        PORT: String(port),
        INBOUND_MAIL_DOMAIN: 'in.bench',
        OUTBOX_POLL_MS: '50',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let ready = false; !ready;) {
      if (child.exitCode !== null) throw new Error('svc-ingest exited during start');
      ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    const inboxes: { address: string; secret: string }[] = [];
    for (let orgId = 1; orgId <= organizations; orgId++) {
      // Seeded as identity.organization.created would leave it, on a paid plan: the free plan's monthly deck
      // allowance (FREE_MONTHLY_DECK_LIMIT, 5) would hold every email past the 5th of each organization.
      const token = randomBytes(6).toString('hex');
      const secret = randomBytes(32).toString('base64url');
      await pool.query(
        "INSERT INTO organizations (id, name, slug, inbound_token, webhook_secret, webhook_secret_hash, owner_id, plan) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pro')",
        [
          orgId,
          `Bench Fund ${orgId}`,
          `bench-${orgId}`,
          token,
          secret,
          hashWebhookSecret(secret),
          orgId * 10,
        ],
      );
      inboxes.push({ address: `bench-${orgId}-${token}@in.bench`, secret });
    }
    const deck = await buildSlidesPdf([
      [
        { text: 'Bench Robotics', size: 44, bold: true },
        { text: 'Robots for every warehouse', size: 18 },
      ],
      [{ text: 'ARR: $1.2M   Growth: 15% MoM', size: 16 }],
      [{ text: 'We are raising $3M Seed. Founded in 2021. Based in Lyon, France', size: 14 }],
      [{ text: 'Claire Martin, CEO - claire@benchrobotics.io', size: 14 }],
    ]);
    const bodies = Array.from({ length: emails }, (_, i) => {
      const inbox = inboxes[i % inboxes.length]!;
      const raw = message(inbox.address, i, deck);
      return { raw, signature: signBody(inbox.secret, raw) };
    });

    const start = performance.now();
    let next = 0;
    let refused = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const res = await fetch(`${base}/webhooks/mail`, {
            method: 'POST',
            body: body.raw,
            headers: { 'content-type': 'message/rfc822', 'x-dealflow-signature': body.signature },
          });
          if (res.status !== 202) refused++;
          await res.arrayBuffer();
        }
      }),
    );
    const acceptedMs = performance.now() - start;
    if (refused > 0) throw new Error(`${refused} emails were refused`);
    let done = 0;
    let lastProgress = performance.now();
    let stalled: string | null = null;
    for (;;) {
      const { rows } = await pool.query<{ done: string; failed: string }>(
        "SELECT count(*) FILTER (WHERE status = 'completed') AS done, count(*) FILTER (WHERE status = 'failed') AS failed FROM emails",
      );
      if (Number(rows[0]!.failed) > 0) throw new Error(`${rows[0]!.failed} emails failed`);
      if (Number(rows[0]!.done) > done) {
        done = Number(rows[0]!.done);
        lastProgress = performance.now();
      }
      if (done >= emails) break;
      if (performance.now() - lastProgress > 60_000) {
        const { rows: outbox } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM kit_outbox');
        stalled = `stalled: ${done} of ${emails} completed, no progress for 60 s, ${outbox[0]!.n} events waiting in kit_outbox (the outbox relay cannot publish)`;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const processedMs = (stalled ? lastProgress : performance.now()) - start;
    if (stalled) log(`ingest: ${stalled}`);
    const result: TIngestBenchResult = {
      deck20PagesMs,
      emails,
      acceptedPerMinute: Math.round((emails / acceptedMs) * 60_000),
      processedPerMinute: Math.round((done / processedMs) * 60_000),
      ...(stalled ? { stalled } : {}),
      peakRssMb: peakRssOf(child.pid!),
    };
    log(
      `ingest: ${emails} emails with a PDF deck: accepted ${result.acceptedPerMinute}/min, processed end to end ${result.processedPerMinute}/min (${done} in ${(processedMs / 1000).toFixed(1)} s)`,
    );
    log(`ingest: svc-ingest peak RSS ${result.peakRssMb} MB`);
    return result;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await pool.end();
    await broker.stop();
    await db.drop();
  }
}

/**
 * The consumer side alone, without the broker: `emails` stored emails are claimed and processed in-process
 * (the same use-cases the consumer runs) by `lanes` concurrent workers, as partitions would. A figure of
 * svc-ingest's own capacity, independent of the event transport.
 */
export async function benchProcessingCapacity(
  options: { emails?: number; lanes?: number } = {},
): Promise<number> {
  const emails = options.emails ?? 300;
  const lanes = options.lanes ?? 3;
  const db = await createTestDatabase('ingest_capacity');
  const config = loadServiceConfig({
    DATABASE_URL: db.url,
    LOG_LEVEL: 'error',
    INBOUND_MAIL_DOMAIN: 'in.bench',
  });
  const svc = await buildApp(config);
  try {
    const em = () => svc.ctx.orm.em.fork();
    const extractor = createHeuristicExtractor();
    const deck = await buildSlidesPdf([
      [
        { text: 'Bench Robotics', size: 44, bold: true },
        { text: 'Robots for every warehouse', size: 18 },
      ],
      [{ text: 'We are raising $3M Seed. Founded in 2021. Based in Lyon, France', size: 14 }],
    ]);
    for (let orgId = 1; orgId <= lanes; orgId++) {
      await em().transactional((tx) =>
        createOrganization(
          tx,
          {
            orgId,
            name: `Fund ${orgId}`,
            ownerId: orgId,
            ownerEmail: `o${orgId}@f.io`,
            ownerName: 'O',
          },
          { secretBox: null },
        ),
      );
    }
    // A paid plan: the free plan's monthly allowance (5 decks) would hold every email past the 5th.
    await em().getConnection().execute("UPDATE organizations SET plan = 'pro'");
    const ids: number[][] = Array.from({ length: lanes }, () => []);
    for (let i = 0; i < emails; i++) {
      const { emailId } = await receiveMail(em(), {
        org: { id: (i % lanes) + 1, ownerId: null },
        raw: message('x@in.bench', i, deck),
        source: 'webhook',
      });
      ids[i % lanes]!.push(emailId!);
    }
    const logger = svc.ctx.logger;
    const start = performance.now();
    await Promise.all(
      ids.map(async (lane) => {
        for (const id of lane) {
          if ((await claimEmail(em(), id)) === 'claimed') {
            await em().transactional((tx) =>
              processEmail(tx, id, { extractor, deckMaxBytes: config.deck.maxBytes, logger }),
            );
          }
        }
      }),
    );
    const elapsed = performance.now() - start;
    const completed = await em().count(EmailSchema, { status: 'completed' });
    if (completed !== emails) throw new Error(`only ${completed} of ${emails} emails completed`);
    return Math.round((emails / elapsed) * 60_000);
  } finally {
    await svc.stop();
    await db.drop();
  }
}
