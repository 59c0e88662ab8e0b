import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { readDeck } from './read-deck.js';
import { toLines } from './read-pdf.js';
import {
  manyEntriesPptx,
  manyLinesPdf,
  paragraphFloodPptx,
  zipBombPptx,
} from '../../test/fixtures/sample-decks.js';

const MB = 1024 * 1024;

/** Runs `work`, returning how long it took and the longest event-loop stall seen meanwhile (ms). */
async function measured<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const start = performance.now();
  const settled = await work().then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error: error as Error }),
  );
  const ms = performance.now() - start;
  delay.disable();
  return { ...settled, ms, maxStallMs: delay.max / 1e6 };
}

const pptx = (content: Buffer) => ({
  filename: 'deck.pptx',
  contentType: 'application/octet-stream',
  content,
});

describe('hostile decks (issue 12)', () => {
  it('fails a PPTX whose slide expands to 300 MB with a clear reason, without exhausting the heap', async () => {
    const bomb = await zipBombPptx(300);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const heapBefore = process.memoryUsage().heapUsed;
    const run = await measured(() => readDeck(pptx(bomb), 20 * MB));
    expect(run.error?.message).toMatch(/expands to more than|Deck too large to read/);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * MB);
    expect(run.maxStallMs).toBeLessThan(2000);
  }, 60_000);

  it('reads a tiny PPTX with 40,000 unclosed <a:p> in well under a second', async () => {
    const flood = await paragraphFloodPptx(40_000);
    expect(flood.length).toBeLessThan(1024);
    const run = await measured(() => readDeck(pptx(flood), 20 * MB));
    expect(run.error?.message).toMatch(/Corrupt PPTX|Empty deck/);
    expect(run.ms).toBeLessThan(2000);
    expect(run.maxStallMs).toBeLessThan(2000);
  });

  it('refuses a PPTX with more zip entries than a deck has', async () => {
    const run = await measured(async () => readDeck(pptx(await manyEntriesPptx(20_000)), 20 * MB));
    expect(run.error?.message).toMatch(/more than \d+ files/);
  });

  it('groups 40,000 one-character lines in well under a second (the row search was quadratic)', () => {
    const items = Array.from({ length: 40_000 }, (_, i) => ({ str: 'x', x: 10, y: i * 3, fontSize: 1 }));
    const start = performance.now();
    const lines = toLines(items);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(lines).toHaveLength(40_000);
  });

  it('reads a PDF of 40,000 one-character lines without stalling the event loop', async () => {
    const pdf = manyLinesPdf(40_000);
    const run = await measured(() =>
      readDeck({ filename: 'd.pdf', contentType: 'application/pdf', content: pdf }, 20 * MB, {
        limits: { ocrMaxImages: 0 },
      }),
    );
    expect(run.error).toBeUndefined();
    expect(run.value!.pages[0]).toHaveLength(40_000);
    expect(run.maxStallMs).toBeLessThan(2000);
  }, 60_000);

  it('keeps at most maxTextItems text items of a PDF and says so', async () => {
    const pdf = manyLinesPdf(5_000);
    const deck = await readDeck(
      { filename: 'd.pdf', contentType: 'application/pdf', content: pdf },
      20 * MB,
      {
        limits: { maxTextItems: 1_000, ocrMaxImages: 0 },
      },
    );
    expect(deck.pages[0]).toHaveLength(1_000);
    expect(deck.notes).toContain('Read 1000 text items (the limit), up to page 1');
  });

  it('stops a deck that runs past its time limit and fails it with the reason', async () => {
    const pdf = manyLinesPdf(40_000);
    await expect(
      readDeck({ filename: 'd.pdf', contentType: 'application/pdf', content: pdf }, 20 * MB, {
        limits: { timeoutMs: 50 },
      }),
    ).rejects.toThrow(/took too long to read: stopped after 0 s/);
  }, 60_000);
});
