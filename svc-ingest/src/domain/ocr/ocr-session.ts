import { performance } from 'node:perf_hooks';
import type { TDeckLine } from '../deck/deck-text.js';
import { recognizeLines } from './ocr-engine.js';
import { prepareImage, type TOcrImage } from './render-image.js';

export interface TOcrSessionLimits {
  /** Pages and pictures read per deck. */
  maxImages: number;
  /** No new page or picture is started after this many milliseconds. */
  budgetMs: number;
  maxPixels: number;
  maxImageBytes: number;
}

/**
 * One deck's OCR: counts pages and pictures against the deck's cap and time budget. Past either, the
 * deck keeps the text it has and a note says what was left unread.
 */
export class OcrSession {
  private readonly startedAt = performance.now();
  private images = 0;
  readonly notes: string[] = [];

  constructor(readonly limits: TOcrSessionLimits) {}

  hasBudget(): boolean {
    if (this.images >= this.limits.maxImages) {
      this.note(`OCR stopped after ${this.limits.maxImages} pages and pictures (the deck's cap)`);
      return false;
    }
    if (performance.now() - this.startedAt > this.limits.budgetMs) {
      this.note(`OCR stopped after ${Math.round(this.limits.budgetMs / 1000)} s (the deck's time budget)`);
      return false;
    }
    return true;
  }

  /** Lines of a rendered page; null once the cap or budget is spent. */
  async recognize(render: () => Promise<TOcrImage>): Promise<TDeckLine[] | null> {
    if (!this.hasBudget()) return null;
    this.images++;
    const image = await render();
    return recognizeLines(image.png, image.ptPerPx);
  }

  /** Lines of a picture shown `heightPt` points high on its slide; null once the cap or budget is spent. */
  async recognizeImage(bytes: Buffer, heightPt: number): Promise<TDeckLine[] | null> {
    if (bytes.length > this.limits.maxImageBytes) return [];
    if (!this.hasBudget()) return null;
    const image = await prepareImage(bytes, heightPt, this.limits.maxPixels);
    if (!image) return [];
    this.images++;
    return recognizeLines(image.png, image.ptPerPx);
  }

  private note(text: string) {
    if (!this.notes.includes(text)) this.notes.push(text);
  }
}
