import { describe, expect, it } from 'vitest';
import { loadServiceConfig } from './config.js';
import { DEFAULT_DECK_LIMITS } from './domain/deck/deck-limits.js';

describe('deck limits from the environment', () => {
  it('defaults to deck-limits.ts', () => {
    const { limits } = loadServiceConfig({}).deck;
    expect(limits.ocrMaxImages).toBe(DEFAULT_DECK_LIMITS.ocrMaxImages);
    expect(limits.zipMaxRatio).toBe(DEFAULT_DECK_LIMITS.zipMaxRatio);
    expect(limits.timeoutMs).toBe(DEFAULT_DECK_LIMITS.timeoutMs);
  });
  it('takes each variable, blank as unset, 0 OCR images turning OCR off', () => {
    const { limits } = loadServiceConfig({
      DECK_OCR_MAX_IMAGES: '0',
      DECK_READ_TIMEOUT_MS: '5000',
      DECK_MAX_PAGES: '',
    }).deck;
    expect(limits).toMatchObject({
      ocrMaxImages: 0,
      timeoutMs: 5000,
      maxPages: DEFAULT_DECK_LIMITS.maxPages,
    });
  });
  it('refuses a worker heap too small to read a deck, naming the variable', () => {
    expect(() => loadServiceConfig({ DECK_WORKER_MAX_HEAP_MB: '8' })).toThrow(/DECK_WORKER_MAX_HEAP_MB/);
  });
});

describe('the sweep of lost events from the environment', () => {
  it('re-announces unanswered records after 10 minutes unless told, and refuses under a second', () => {
    expect(loadServiceConfig({}).limits.dealReannounceAfterMs).toBe(600_000);
    expect(loadServiceConfig({ DEAL_REANNOUNCE_AFTER_MS: '60000' }).limits.dealReannounceAfterMs).toBe(
      60_000,
    );
    expect(() => loadServiceConfig({ DEAL_REANNOUNCE_AFTER_MS: '10' })).toThrow(/DEAL_REANNOUNCE_AFTER_MS/);
  });
});
