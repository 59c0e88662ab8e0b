import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OEM, createWorker, type Worker } from 'tesseract.js';
import type { TDeckLine } from '../deck/deck-text.js';

const require = createRequire(import.meta.url);

/**
 * Everything tesseract.js loads, from installed npm packages: English LSTM data (@tesseract.js-data/eng,
 * the `best_int` model: ~3 MB, faster than the 11 MB legacy+LSTM one), the WASM core and the worker script.
 * Without `langPath` tesseract.js downloads the data from a CDN at run time; nothing here is fetched.
 */
export const OCR_PATHS = Object.freeze({
  langPath: join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
  corePath: dirname(require.resolve('tesseract.js-core/package.json')),
  workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
});

/** Lines tesseract is less sure of than this (0-100) are noise: photos, charts, icons. */
export const OCR_MIN_LINE_CONFIDENCE = 55;

let engine: Promise<Worker> | null = null;

/** One tesseract worker per deck worker thread, kept between decks (loading the model takes ~0.7 s). */
export function getOcrEngine(): Promise<Worker> {
  engine ??= createWorker('eng', OEM.LSTM_ONLY, {
    ...OCR_PATHS,
    cacheMethod: 'none',
    gzip: true,
  }).catch((error: unknown) => {
    engine = null;
    throw error;
  });
  return engine;
}

export async function closeOcrEngine(): Promise<void> {
  const current = engine;
  engine = null;
  if (current) await (await current).terminate();
}

/**
 * Lines of text in a PNG, top to bottom, each with a font size in points: the line's height in pixels
 * times `ptPerPx` (the picture's scale on the slide), so OCR'd titles compare with text-layer titles.
 */
export async function recognizeLines(png: Buffer, ptPerPx: number): Promise<TDeckLine[]> {
  const worker = await getOcrEngine();
  const { data } = await worker.recognize(png, {}, { blocks: true, text: false, hocr: false, tsv: false });
  const lines: TDeckLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const text = line.text.replace(/\s+/g, ' ').trim();
        if (line.confidence < OCR_MIN_LINE_CONFIDENCE || !/[\p{L}\p{N}]{2}/u.test(text)) continue;
        const heightPx = line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0;
        lines.push({ text, fontSize: Math.max(1, Math.round(heightPx * ptPerPx * 2) / 2) });
      }
    }
  }
  return lines;
}
