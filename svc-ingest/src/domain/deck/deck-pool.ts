import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { DeckError } from './deck-error.js';
import { DECK_WORKER_MAX_HEAP_MB, type TDeckLimits } from './deck-limits.js';
import type { TExtractionInput, TExtractionResult } from '../extraction/extractor.js';
import type { TDeckText } from './deck-text.js';
import type { TDeckJob, TDeckJobResult } from './deck-worker.js';

/** Deck worker threads: one deck each at a time; two keep a text deck from queueing behind an OCR'd one. */
export const DECK_WORKER_THREADS = Math.min(2, availableParallelism());
/** An idle worker (and its ~150 MB of OCR model and WASM) is let go after this. */
export const DECK_WORKER_IDLE_MS = 60_000;

export interface TDeckPoolOptions {
  threads?: number;
  maxHeapMb?: number;
  idleTimeoutMs?: number;
  /** Extra Node flags for the workers (tests preload a network guard this way). */
  execArgv?: string[];
}

// Under vitest/tsx this module is TypeScript: its workers load tsx to import the worker the same way.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSource ? './deck-worker.ts' : './deck-worker.js', import.meta.url).href;

/**
 * Decks are read in worker threads (piscina) with a heap limit (worker_threads resourceLimits) and a
 * wall-time limit per deck: a deck past either stops its worker and fails its record; the service and its
 * event loop carry on.
 */
export class DeckPool {
  private readonly pool: Piscina<TDeckJob | TExtractionInput, TDeckJobResult | TExtractionResult>;
  readonly maxHeapMb: number;

  constructor(options: TDeckPoolOptions = {}) {
    this.maxHeapMb = options.maxHeapMb ?? DECK_WORKER_MAX_HEAP_MB;
    this.pool = new Piscina({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads: options.threads ?? DECK_WORKER_THREADS,
      idleTimeout: options.idleTimeoutMs ?? DECK_WORKER_IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb, maxYoungGenerationSizeMb: 32 },
      execArgv: [...(fromSource ? ['--import', 'tsx'] : []), ...(options.execArgv ?? [])],
    });
  }

  async read(kind: TDeckJob['kind'], content: Buffer, limits: TDeckLimits): Promise<TDeckText> {
    let result: TDeckJobResult;
    try {
      result = (await this.pool.run(
        { kind, content, limits },
        { signal: AbortSignal.timeout(limits.timeoutMs) },
      )) as TDeckJobResult;
    } catch (error) {
      const { name, code, message } = error as { name?: string; code?: string; message?: string };
      if (name === 'AbortError' || name === 'TimeoutError') {
        throw new DeckError(
          `Deck took too long to read: stopped after ${Math.round(limits.timeoutMs / 1000)} s`,
        );
      }
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new DeckError(`Deck too large to read: it needed more than ${this.maxHeapMb} MB of memory`);
      }
      throw new DeckError(`Could not read the deck: ${message ?? String(error)}`.slice(0, 300));
    }
    if (!result.ok) throw new DeckError(result.reason);
    return result.deck;
  }

  /** The heuristic extraction of one deck (deck-worker's extractJob), under the same heap limit and a wall time. */
  async extract(input: TExtractionInput, timeoutMs: number): Promise<TExtractionResult> {
    try {
      return (await this.pool.run(input, {
        name: 'extractJob',
        signal: AbortSignal.timeout(timeoutMs),
      })) as TExtractionResult;
    } catch (error) {
      const { name, code, message } = error as { name?: string; code?: string; message?: string };
      if (name === 'AbortError' || name === 'TimeoutError')
        throw new DeckError(`Extraction took too long: stopped after ${Math.round(timeoutMs / 1000)} s`);
      if (code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new DeckError(`Extraction needed more than ${this.maxHeapMb} MB of memory: stopped`);
      throw new DeckError(`Extraction failed: ${message ?? String(error)}`.slice(0, 300));
    }
  }

  get threads(): number {
    return this.pool.threads.length;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

let shared: DeckPool | null = null;

/** The process's deck pool, started on first use. */
export const getDeckPool = (): DeckPool => (shared ??= new DeckPool());

/** Stops the shared pool's workers (service shutdown). */
export async function closeDeckPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
