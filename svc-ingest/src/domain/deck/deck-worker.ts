import { createHeuristicExtractor } from '../extraction/heuristic-extractor.js';
import type { TExtractionInput, TExtractionResult } from '../extraction/extractor.js';
import { OcrSession } from '../ocr/ocr-session.js';
import { createDeckOutline } from './deck-outline.js';
import { DeckError } from './deck-error.js';
import type { TDeckLimits } from './deck-limits.js';
import type { TDeckText } from './deck-text.js';
import { readPdf } from './read-pdf.js';
import { readPptx } from './read-pptx.js';

export interface TDeckJob {
  kind: 'pdf' | 'pptx';
  content: Uint8Array;
  limits: TDeckLimits;
}

/** Errors do not keep their class across threads: the reason travels as data. */
export type TDeckJobResult = { ok: true; deck: TDeckText } | { ok: false; reason: string };

/** Runs in a deck worker thread (piscina): parsing, rendering and OCR of one deck, off the event loop. */
export default async function readDeckJob(job: TDeckJob): Promise<TDeckJobResult> {
  const content = Buffer.from(job.content.buffer, job.content.byteOffset, job.content.byteLength);
  const { limits } = job;
  const ocr =
    limits.ocrMaxImages > 0
      ? new OcrSession({
          maxImages: limits.ocrMaxImages,
          budgetMs: limits.ocrBudgetMs,
          maxPixels: limits.ocrMaxPixels,
          maxImageBytes: limits.ocrMaxImageBytes,
        })
      : null;
  try {
    const deck =
      job.kind === 'pdf' ? await readPdf(content, limits, ocr) : await readPptx(content, limits, ocr);
    const read = { ...deck, notes: [...(deck.notes ?? []), ...(ocr?.notes ?? [])] };
    return { ok: true, deck: { ...read, outline: createDeckOutline(read) } };
  } catch (error) {
    if (error instanceof DeckError) return { ok: false, reason: error.reason };
    return { ok: false, reason: `Could not read the deck: ${(error as Error).message}`.slice(0, 300) };
  }
}

const heuristic = createHeuristicExtractor();

/**
 * Runs in a deck worker thread (piscina `name: 'extractJob'`): the heuristic extraction's scoring, hundreds of
 * patterns over up to DECK_MAX_CHARS of deck text (200 ms and more of CPU for a large deck, issue 12).
 */
export async function extractJob(input: TExtractionInput): Promise<TExtractionResult> {
  return heuristic.extract(input);
}
