import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import type { TDeckLine } from '../deck/deck-text.js';

const require = createRequire(import.meta.url);

/**
 * OCR is an optional install: tesseract.js, its English data and @napi-rs/canvas (which draws the pages
 * and pictures it reads) are svc-ingest's optionalDependencies, left out of the default image (about
 * 100 MB). Nothing here imports them until a deck needs OCR. Without them the service runs with OCR
 * off: a deck whose pages are pictures only ends with the reason "no text found ... (OCR is off)".
 */
export const OCR_PACKAGES = ['tesseract.js', '@tesseract.js-data/eng', '@napi-rs/canvas'] as const;

let installed: { ok: true } | { ok: false; missing: string[] } | null = null;

/** Whether the optional OCR packages are installed (resolved once). */
export function ocrInstalled(): { ok: true } | { ok: false; missing: string[] } {
  if (!installed) {
    const missing = OCR_PACKAGES.filter((name) => {
      try {
        require.resolve(`${name}/package.json`);
        return false;
      } catch {
        return true;
      }
    });
    installed = missing.length === 0 ? { ok: true } : { ok: false, missing };
  }
  return installed;
}

/**
 * Everything tesseract.js loads, from installed npm packages: English LSTM data (@tesseract.js-data/eng,
 * the `best_int` model: ~3 MB, faster than the 11 MB legacy+LSTM one), the WASM core and the worker script.
 * Without `langPath` tesseract.js downloads the data from a CDN at run time; nothing here is fetched.
 */
export function ocrPaths() {
  return Object.freeze({
    langPath: join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
    corePath: dirname(require.resolve('tesseract.js-core/package.json')),
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
  });
}

/** Lines tesseract is less sure of than this (0-100) are noise: photos, charts, icons. */
export const OCR_MIN_LINE_CONFIDENCE = 55;

let engine: Promise<Worker> | null = null;

/** One tesseract worker per deck worker thread, kept between decks (loading the model takes ~0.7 s). */
export function getOcrEngine(): Promise<Worker> {
  engine ??= import('tesseract.js')
    .then(({ default: tesseract }) =>
      tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
        ...ocrPaths(),
        cacheMethod: 'none',
        gzip: true,
      }),
    )
    .catch((error: unknown) => {
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
