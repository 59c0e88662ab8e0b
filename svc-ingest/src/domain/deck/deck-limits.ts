/**
 * What reading one deck may cost. Every figure is a default the service's config can override (readDeck's
 * options); a deck over a limit fails its record with the reason, or is read in part where a part is useful.
 */
export interface TDeckLimits {
  /** Pages (PDF) or slides (PPTX) read; later ones are left out and noted. */
  maxPages: number;
  /** PDF text items kept across the deck. */
  maxTextItems: number;
  /** Characters of text kept across the deck. */
  maxChars: number;
  /** Zip entries a PPTX may list. */
  zipMaxEntries: number;
  /** Bytes one zip entry may inflate to. */
  zipMaxEntryBytes: number;
  /** Bytes all entries read may inflate to together. */
  zipMaxTotalBytes: number;
  /** Inflated/compressed ratio allowed for entries over 1 MB inflated (text XML deflates ~10-30x, bombs ~1000x). */
  zipMaxRatio: number;
  /** Wall time for the whole read, OCR included; past it the worker is stopped and the record fails. */
  timeoutMs: number;
  /** JS heap of a deck worker (worker_threads resourceLimits). */
  workerMaxHeapMb: number;
  /** Pages rendered + images OCR'd per deck (0 turns OCR off). */
  ocrMaxImages: number;
  /** OCR stops starting new pages after this (the rest of the deck keeps what it has). */
  ocrBudgetMs: number;
  /** Pixels of one rendered page or picture handed to tesseract (bounds its WASM memory). */
  ocrMaxPixels: number;
  /** Pictures whose encoded size is larger are not decoded. */
  ocrMaxImageBytes: number;
}

export const DECK_MAX_PAGES = 200;
export const DECK_MAX_TEXT_ITEMS = 200_000;
export const DECK_MAX_CHARS = 2_000_000;
export const DECK_ZIP_MAX_ENTRIES = 5_000;
export const DECK_ZIP_MAX_ENTRY_BYTES = 64 * 1024 * 1024;
export const DECK_ZIP_MAX_TOTAL_BYTES = 200 * 1024 * 1024;
export const DECK_ZIP_MAX_RATIO = 200;
export const DECK_READ_TIMEOUT_MS = 90_000;
export const DECK_WORKER_MAX_HEAP_MB = 384;
export const DECK_OCR_MAX_IMAGES = 40;
export const DECK_OCR_BUDGET_MS = 60_000;
/** 1600 x 900: a 16:9 slide at ~1.7x, enough for 10-point text; tesseract then peaks at ~200 MB. */
export const DECK_OCR_MAX_PIXELS = 1_440_000;
export const DECK_OCR_MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export const DEFAULT_DECK_LIMITS: Readonly<TDeckLimits> = Object.freeze({
  maxPages: DECK_MAX_PAGES,
  maxTextItems: DECK_MAX_TEXT_ITEMS,
  maxChars: DECK_MAX_CHARS,
  zipMaxEntries: DECK_ZIP_MAX_ENTRIES,
  zipMaxEntryBytes: DECK_ZIP_MAX_ENTRY_BYTES,
  zipMaxTotalBytes: DECK_ZIP_MAX_TOTAL_BYTES,
  zipMaxRatio: DECK_ZIP_MAX_RATIO,
  timeoutMs: DECK_READ_TIMEOUT_MS,
  workerMaxHeapMb: DECK_WORKER_MAX_HEAP_MB,
  ocrMaxImages: DECK_OCR_MAX_IMAGES,
  ocrBudgetMs: DECK_OCR_BUDGET_MS,
  ocrMaxPixels: DECK_OCR_MAX_PIXELS,
  ocrMaxImageBytes: DECK_OCR_MAX_IMAGE_BYTES,
});
