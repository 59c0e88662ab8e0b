import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { DeckPool } from '../deck/deck-pool.js';
import { deckPlainText } from '../deck/deck-text.js';
import { readDeck } from '../deck/read-deck.js';
import { imageDeckSlides, imageOnlyPdf, imageOnlyPptx } from '../../test/fixtures/sample-decks.js';

const MB = 1024 * 1024;
const PRELOAD = fileURLToPath(new URL('../../test/ocr/no-network-preload.mjs', import.meta.url));
const networkLog = join(mkdtempSync(join(tmpdir(), 'ocr-net-')), 'attempts.log');
writeFileSync(networkLog, '');
process.env.NO_NETWORK_LOG = networkLog;

// Every deck worker of this file runs with the network guard: whatever it reads, it reads offline.
const pool = new DeckPool({ threads: 1, execArgv: ['--import', PRELOAD] });
afterAll(() => pool.close());

const pdf = (content: Buffer) => ({ filename: 'deck.pdf', contentType: 'application/pdf', content });
const slides = imageDeckSlides().slice(0, 2);
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('OCR of decks without usable text (issue 11 item 2)', () => {
  it('renders and reads image-only PDF pages, offline, with their page numbers and sizes', async () => {
    const deck = await readDeck(pdf(await imageOnlyPdf(slides)), 20 * MB, { pool });
    const text = squash(deckPlainText(deck));
    expect(text).toContain('Lumina Robotics');
    expect(text).toContain('Warehouse robots that pick every order');
    expect(text).toMatch(/Picking is 55% of warehouse labou?r cost/);
    expect(deck.ocrPages).toEqual([1, 2]);
    expect(deck.pageNumbers).toEqual([1, 2]);
    // The title is the biggest line of the title slide, as the offline extractor expects.
    const [title, tagline] = deck.pages[0]!;
    expect(title!.fontSize).toBeGreaterThan(tagline!.fontSize * 1.5);
    expect(readFileSync(networkLog, 'utf8')).toBe('');
    // The guard ran in the deck worker and in tesseract's own thread (threads other than the main one).
    const guarded = readFileSync(`${networkLog}.guarded`, 'utf8').match(/thread [1-9]\d*/g) ?? [];
    expect(guarded.length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('reads the picture instead of a text layer that does not decode to words', async () => {
    const garbled = '/XPLQD 5RERWLFV :DUHKRXVH URERWV WKDW SLFN HYHUB RUGHU';
    const deck = await readDeck(pdf(await imageOnlyPdf(slides.slice(0, 1), garbled)), 20 * MB, { pool });
    expect(deck.ocrPages).toEqual([1]);
    expect(squash(deckPlainText(deck))).toContain('Lumina Robotics');
    expect(deckPlainText(deck)).not.toContain('5RERWLFV');
  }, 120_000);

  it('reads the pictures of PPTX slides', async () => {
    const deck = await readDeck(
      {
        filename: 'deck.pptx',
        contentType: 'application/octet-stream',
        content: await imageOnlyPptx(slides),
      },
      20 * MB,
      { pool },
    );
    expect(deck.ocrPages).toEqual([1, 2]);
    expect(deck.pages[0]!.map((l) => l.text)).toContain('Lumina Robotics');
    expect(squash(deckPlainText(deck))).toContain('The Problem');
  }, 120_000);

  it('stops at the per-deck OCR cap and says so', async () => {
    const deck = await readDeck(pdf(await imageOnlyPdf(slides)), 20 * MB, {
      pool,
      limits: { ocrMaxImages: 1 },
    });
    expect(deck.ocrPages).toEqual([1]);
    expect(deck.notes).toContain("OCR stopped after 1 pages and pictures (the deck's cap)");
  }, 120_000);

  it('fails an image-only deck when OCR is off', async () => {
    await expect(
      readDeck(pdf(await imageOnlyPdf(slides)), 20 * MB, { pool, limits: { ocrMaxImages: 0 } }),
    ).rejects.toThrow('Empty deck: no text found in deck.pdf (OCR is off)');
  });

  it('the network guard refuses what tesseract.js would fetch without local paths (the check can fail)', async () => {
    // A file, not `eval`: Node runs --import preloads only for workers started from a file.
    const script = join(dirname(networkLog), 'fetch-cdn.mjs');
    writeFileSync(
      script,
      `fetch('https://cdn.jsdelivr.net/npm/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz')
         .then(() => process.exit(0), () => process.exit(3));`,
    );
    const worker = new Worker(script, { execArgv: ['--import', PRELOAD] });
    const code = await new Promise((resolve) => worker.once('exit', resolve));
    expect(code).toBe(3);
    expect(readFileSync(networkLog, 'utf8')).toMatch(/cdn\.jsdelivr\.net/);
    writeFileSync(networkLog, '');
  });
});
