import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createTestDatabase, startTestBroker } from '@dealflow/service-kit/testing';
import { buildApp } from '../app.js';
import { loadServiceConfig } from '../config.js';
import { readDeck } from '../deck/read-deck.js';
import { createHeuristicExtractor } from '../extraction/heuristic-extractor.js';
import { buildSlidesPdf, buildTextPdf } from '../fixtures/build-pdf.js';
import { sql } from '../repositories/sql.js';
import { createOrganization } from '../use-cases/apply-identity-events.js';
import { signBody } from '../mail/webhook-auth.js';

export interface TIngestBenchResult {
  /** Parse + offline extraction of a 20-page text PDF (median of 5 runs, ms). */
  deck20PagesMs: number;
  emails: number;
  /** Accepted (202) per minute while posting. */
  acceptedPerMinute: number;
  /** Received -> completed end to end, per minute. */
  processedPerMinute: number;
  /** Peak RSS of the process running svc-ingest (MB). */
  peakRssMb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Parse + extract time of a 20-page text PDF with the offline extractor. */
export async function benchDeckExtraction(runs = 5): Promise<number> {
  const pdf = await buildTextPdf(20);
  const extractor = createHeuristicExtractor();
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    const deck = await readDeck({ filename: 'deck.pdf', contentType: 'application/pdf', content: pdf }, 50 * 1024 * 1024);
    await extractor.extract({ deck, emailText: '', fromName: null, fromEmail: 'a@b.io', subject: null });
    if (i > 0) times.push(performance.now() - start); // the first run warms pdf.js up
  }
  return median(times);
}

const message = (to: string, i: number, deck: Buffer) => {
  const boundary = `b${i}`;
  return Buffer.from(
    [
      `From: Founder ${i} <founder${i}@startup${i}.io>`,
      `To: ${to}`,
      `Subject: Startup ${i} pitch deck`,
      `Message-ID: <bench-${i}-${randomBytes(4).toString('hex')}@startup.io>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hi, our deck is attached.',
      `--${boundary}`,
      'Content-Type: application/pdf; name="deck.pdf"',
      'Content-Disposition: attachment; filename="deck.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      deck.toString('base64').replace(/.{76}/g, '$&\r\n'),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
};

/**
 * End to end on this machine: svc-ingest in this process (HTTP listener, outbox relay, consumers) against
 * a fresh database and broker; `emails` messages, each with a 4-page PDF deck, posted to the mail webhook
 * by `concurrency` clients across `organizations` organizations, until every record is completed.
 */
export async function runIngestBench(options: { emails?: number; organizations?: number; concurrency?: number; log?: (line: string) => void } = {}): Promise<TIngestBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const emails = options.emails ?? 1000;
  const organizations = options.organizations ?? 6;
  const concurrency = options.concurrency ?? 16;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

  const deck20PagesMs = await benchDeckExtraction();
  log(`ingest: 20-page PDF parsed + extracted offline in ${deck20PagesMs.toFixed(0)} ms (median of 5)`);

  const db = await createTestDatabase('ingest_bench');
  const broker = await startTestBroker();
  const config = loadServiceConfig({ DATABASE_URL: db.url, KAFKA_BROKERS: broker.brokers, LOG_LEVEL: 'warn', OUTBOX_POLL_MS: '50', PORT: '0', INBOUND_MAIL_DOMAIN: 'in.bench' });
  const svc = await buildApp(config);
  try {
    const address = await svc.listen();
    await svc.startWorkers();
    const inboxes: { address: string; secret: string }[] = [];
    for (let orgId = 1; orgId <= organizations; orgId++) {
      await svc.ctx.orm.em.fork().transactional((em) =>
        createOrganization(em, { orgId, name: `Bench Fund ${orgId}`, ownerId: orgId * 10, ownerEmail: `o${orgId}@fund.io`, ownerName: 'Owner' }),
      );
      const [row] = await sql<{ slug: string; inbound_token: string; webhook_secret: string }>(svc.ctx.orm.em.fork(), 'SELECT slug, inbound_token, webhook_secret FROM organizations WHERE id = ?', [orgId]);
      inboxes.push({ address: `${row!.slug}-${row!.inbound_token}@in.bench`, secret: row!.webhook_secret });
    }
    const deck = await buildSlidesPdf([
      [{ text: 'Bench Robotics', size: 44, bold: true }, { text: 'Robots for every warehouse', size: 18 }],
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
          const res = await fetch(`${address}/webhooks/mail`, { method: 'POST', body: body.raw, headers: { 'content-type': 'message/rfc822', 'x-dealflow-signature': body.signature } });
          if (res.status !== 202) refused++;
          await res.arrayBuffer();
        }
      }),
    );
    const acceptedMs = performance.now() - start;
    if (refused > 0) throw new Error(`${refused} emails were refused`);
    for (;;) {
      const [row] = await sql<{ done: string; failed: string }>(
        svc.ctx.orm.em.fork(),
        "SELECT count(*) FILTER (WHERE status = 'completed') AS done, count(*) FILTER (WHERE status = 'failed') AS failed FROM emails",
      );
      if (Number(row!.failed) > 0) throw new Error(`${row!.failed} emails failed`);
      if (Number(row!.done) >= emails) break;
      if (performance.now() - start > 10 * 60_000) throw new Error(`only ${row!.done} of ${emails} completed in 10 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const processedMs = performance.now() - start;
    const result: TIngestBenchResult = {
      deck20PagesMs,
      emails,
      acceptedPerMinute: Math.round((emails / acceptedMs) * 60_000),
      processedPerMinute: Math.round((emails / processedMs) * 60_000),
      peakRssMb: Math.round(peakRss / 1024 / 1024),
    };
    log(`ingest: ${emails} emails with a PDF deck: accepted ${result.acceptedPerMinute}/min, processed end to end ${result.processedPerMinute}/min (${(processedMs / 1000).toFixed(1)} s)`);
    log(`ingest: peak RSS ${result.peakRssMb} MB (svc-ingest and the load generator in one process)`);
    return result;
  } finally {
    clearInterval(sampler);
    await svc.stop();
    await broker.stop();
    await db.drop();
  }
}
