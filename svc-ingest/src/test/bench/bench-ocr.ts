import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { DeckPool } from '../../domain/deck/deck-pool.js';
import { readDeck, type TDeckFile } from '../../domain/deck/read-deck.js';
import { imageDeckSlides, imageOnlyPdf, imageOnlyPptx } from '../fixtures/sample-decks.js';
import { createHeuristicExtractor } from '../../domain/extraction/heuristic-extractor.js';
import { buildTextPdf } from '../fixtures/build-pdf.js';

/**
 * `npm run bench:ocr -w @dealflow/svc-ingest`: issue 11's deck-reading targets. Prints the figures; the
 * process's peak RSS bounds the OCR worker's (the main thread only waits).
 */
const MB = 1024 * 1024;
const vmHwmMb = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const extractor = createHeuristicExtractor();

async function timed(pool: DeckPool, file: TDeckFile) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const start = performance.now();
  const deck = await readDeck(file, 50 * MB, { pool });
  const { data: extracted } = await extractor.extract({
    deck,
    emailText: '',
    fromName: null,
    fromEmail: 'jane@luminarobotics.io',
    subject: null,
  });
  const ms = performance.now() - start;
  delay.disable();
  return { ms, deck, extracted, maxStallMs: delay.max / 1e6 };
}

const pool = new DeckPool({ threads: 1 });
const slides = imageDeckSlides();
const pdf = await imageOnlyPdf(slides);
const pptx = await imageOnlyPptx(slides);
console.log(
  `ocr bench: load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on 2 cores`,
);

const cold = await timed(pool, { filename: 'd.pdf', contentType: 'application/pdf', content: pdf });
console.log(
  `10-page image-only PDF, OCR + offline extraction, cold worker (thread start + model load): ${(cold.ms / 1000).toFixed(1)} s; ` +
    `OCR'd pages ${cold.deck.ocrPages?.length}; company "${cold.extracted.companyName}", round "${cold.extracted.fundingRound} ${cold.extracted.fundingAmount}", location "${cold.extracted.location}"`,
);
const warm = await timed(pool, { filename: 'd.pdf', contentType: 'application/pdf', content: pdf });
console.log(`10-page image-only PDF, warm worker: ${(warm.ms / 1000).toFixed(1)} s (target < 20 s)`);
const slidesRun = await timed(pool, {
  filename: 'd.pptx',
  contentType: 'application/octet-stream',
  content: pptx,
});
console.log(`10-slide image-only PPTX, warm worker: ${(slidesRun.ms / 1000).toFixed(1)} s`);
console.log(
  `longest event-loop stall during OCR: ${Math.max(cold.maxStallMs, warm.maxStallMs, slidesRun.maxStallMs).toFixed(0)} ms`,
);
console.log(`peak RSS of the process holding the OCR worker: ${vmHwmMb().toFixed(0)} MB (target < 500 MB)`);

const text = await buildTextPdf(20);
const textRuns: number[] = [];
for (let i = 0; i < 6; i++) {
  const run = await timed(pool, { filename: 't.pdf', contentType: 'application/pdf', content: text });
  if (i > 0) textRuns.push(run.ms);
}
console.log(
  `20-page text PDF, read + offline extraction: ${median(textRuns).toFixed(0)} ms median of 5 (target < 1 s)`,
);
await pool.close();
