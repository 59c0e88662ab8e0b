import { getDeckPool, type DeckPool } from '../deck/deck-pool.js';
import type { TExtractor } from './extractor.js';

/** Wall time for the heuristic extraction of one deck in a worker (it takes well under a second). */
export const EXTRACTION_TIMEOUT_MS = 30_000;

/**
 * The heuristic extractor run in a deck worker thread (deck-worker's extractJob): its scoring is CPU work that
 * grows with the deck, and it held svc-ingest's event loop for 200 ms per large deck (issue 12). Same answers
 * as createHeuristicExtractor, which the tests and the evaluation call in-process.
 */
export function createWorkerHeuristicExtractor(
  options: { pool?: () => DeckPool; timeoutMs?: number } = {},
): TExtractor {
  return {
    name: 'heuristic',
    extract: (input) =>
      (options.pool?.() ?? getDeckPool()).extract(
        // The outline is not the extractor's input: it need not cross to the worker again.
        input.deck ? { ...input, deck: { ...input.deck, outline: undefined } } : input,
        options.timeoutMs ?? EXTRACTION_TIMEOUT_MS,
      ),
  };
}
