import { DeckError } from './deck-error.js';
import { DEFAULT_DECK_LIMITS, type TDeckLimits } from './deck-limits.js';
import { getDeckPool, type DeckPool } from './deck-pool.js';
import type { TDeckText } from './deck-text.js';

export interface TDeckFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface TReadDeckOptions {
  /** Overrides of DEFAULT_DECK_LIMITS (the service's config feeds these). */
  limits?: Partial<TDeckLimits>;
  /** Defaults to the process's shared pool. */
  pool?: DeckPool;
}

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

export const deckKind = (file: Pick<TDeckFile, 'filename' | 'contentType'>): 'pdf' | 'pptx' | null => {
  const name = file.filename.toLowerCase();
  const type = file.contentType.toLowerCase();
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (type === PPTX_TYPE || name.endsWith('.pptx')) return 'pptx';
  return null;
};

/**
 * Reads a deck's text, page by page, in a worker thread; pages without usable text are OCR'd. Empty,
 * huge, encrypted, corrupt, hostile and text-less files throw a DeckError with the reason.
 */
export async function readDeck(
  file: TDeckFile,
  maxBytes: number,
  options: TReadDeckOptions = {},
): Promise<TDeckText> {
  const kind = deckKind(file);
  if (!kind) throw new DeckError(`Unsupported deck format: ${file.filename}`);
  if (file.content.length === 0) throw new DeckError(`Empty file: ${file.filename}`);
  if (file.content.length > maxBytes) {
    throw new DeckError(
      `Deck too large: ${file.filename} is ${file.content.length} bytes (limit ${maxBytes})`,
    );
  }
  const limits = { ...DEFAULT_DECK_LIMITS, ...options.limits };
  const deck = await (options.pool ?? getDeckPool()).read(kind, file.content, limits);
  const chars = deck.pages.reduce((n, page) => n + page.reduce((m, line) => m + line.text.length, 0), 0);
  if (chars === 0) {
    throw new DeckError(
      limits.ocrMaxImages > 0
        ? `Empty deck: no text found in ${file.filename}, not even by OCR`
        : `Empty deck: no text found in ${file.filename} (OCR is off)`,
    );
  }
  return deck;
}
