import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import type { TOcrImage } from '../ocr/render-image.js';
import { fitScale, whiteCanvas } from '../ocr/render-image.js';
import { DeckError } from './deck-error.js';
import type { TDeckLimits } from './deck-limits.js';
import type { TDeckLine, TDeckText } from './deck-text.js';
import { decodesToWords, hasTextLayer } from './text-quality.js';

const require = createRequire(import.meta.url);
const PDFJS_DIR = dirname(require.resolve('pdfjs-dist/package.json'));
/** pdf.js's fonts, CMaps and WASM decoders from the installed package: never fetched. */
const PDFJS_RESOURCES = {
  standardFontDataUrl: join(PDFJS_DIR, 'standard_fonts/'),
  cMapUrl: join(PDFJS_DIR, 'cmaps/'),
  cMapPacked: true,
  wasmUrl: join(PDFJS_DIR, 'wasm/'),
  iccUrl: join(PDFJS_DIR, 'iccs/'),
};

type TRenderParameters = Parameters<PDFPageProxy['render']>[0];

export interface TTextItem {
  str: string;
  x: number;
  y: number;
  fontSize: number;
}

/** OCR of rendered pages, supplied by the deck worker. */
export interface TPageOcr {
  /** Lines of the page `render` draws; null once the deck's OCR cap or budget is spent. */
  recognize(render: () => Promise<TOcrImage>): Promise<TDeckLine[] | null>;
}

/**
 * Groups a page's text items into lines (same baseline), top to bottom, left to right. Sorting first
 * makes it O(n log n): the row search it replaces was quadratic (40,000 one-character lines took 8 s).
 */
export const toLines = (items: TTextItem[]): TDeckLine[] => {
  const sorted = items.filter((item) => item.str.trim()).sort((a, b) => b.y - a.y);
  const rows: { y: number; items: TTextItem[] }[] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row.y - item.y) < Math.max(2, item.fontSize * 0.4)) row.items.push(item);
    else rows.push({ y: item.y, items: [item] });
  }
  return rows.map((row) => {
    const inOrder = row.items.sort((a, b) => a.x - b.x);
    return {
      text: inOrder
        .map((i) => i.str)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
      fontSize: inOrder.reduce((max, i) => Math.max(max, i.fontSize), 0),
    };
  });
};

async function pageItems(page: PDFPageProxy, room: number): Promise<TTextItem[]> {
  const content = await page.getTextContent();
  const items: TTextItem[] = [];
  for (const item of content.items) {
    if (items.length >= room) break;
    if (!('str' in item)) continue;
    const [, , c, d, e, f] = (item as TextItem).transform as number[];
    items.push({ str: item.str, x: e!, y: f!, fontSize: Math.hypot(c!, d!) });
  }
  return items;
}

/** Renders a page on white at no more than `maxPixels` (pdf.js on @napi-rs/canvas). */
async function renderPage(page: PDFPageProxy, maxPixels: number): Promise<TOcrImage> {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: fitScale(base.width, base.height, maxPixels) });
  const canvas = whiteCanvas(viewport.width, viewport.height);
  // @napi-rs/canvas implements the 2D context pdf.js draws with; its types are not the DOM's.
  const canvasContext = canvas.getContext('2d') as unknown as TRenderParameters['canvasContext'];
  await page.render({ canvas: null, canvasContext, viewport }).promise;
  return { png: canvas.toBuffer('image/png'), ptPerPx: base.height / canvas.height };
}

async function openPdf(content: Buffer): Promise<PDFDocumentProxy> {
  if (content.subarray(0, 1024).indexOf('%PDF-') === -1) throw new DeckError('Corrupt PDF: not a PDF file');
  try {
    return await getDocument({
      data: new Uint8Array(content),
      isEvalSupported: false,
      stopAtErrors: false,
      useSystemFonts: false,
      verbosity: 0,
      ...PDFJS_RESOURCES,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (name === 'PasswordException') throw new DeckError('Encrypted PDF: the deck is password protected');
    throw new DeckError(`Corrupt PDF: ${(error as Error).message}`.slice(0, 300));
  }
}

/**
 * A PDF's pages as lines. At most `maxPages` pages and `maxTextItems` text items are read. A page without
 * a text layer, or whose text does not decode to words, is rendered and OCR'd when `ocr` is given.
 */
export async function readPdf(
  content: Buffer,
  limits: TDeckLimits,
  ocr: TPageOcr | null = null,
): Promise<TDeckText> {
  const pdf = await openPdf(content);
  try {
    const pageCount = Math.min(pdf.numPages, limits.maxPages);
    const pages: TDeckLine[][] = [];
    const ocrPages: number[] = [];
    const notes: string[] = [];
    let itemRoom = limits.maxTextItems;
    let charRoom = limits.maxChars;
    for (let number = 1; number <= pageCount; number++) {
      const page = await pdf.getPage(number);
      const items = await pageItems(page, itemRoom);
      itemRoom -= items.length;
      let lines = toLines(items);
      const text = lines.map((line) => line.text).join(' ');
      if (ocr && (!hasTextLayer(text) || !decodesToWords(text))) {
        const recognized = await ocr.recognize(() => renderPage(page, limits.ocrMaxPixels));
        if (recognized && recognized.length > 0) {
          lines = recognized;
          ocrPages.push(number);
        }
      }
      page.cleanup();
      lines = lines.filter((line) => {
        charRoom -= line.text.length;
        return charRoom >= 0;
      });
      pages.push(lines);
      if (itemRoom <= 0) {
        notes.push(`Read ${limits.maxTextItems} text items (the limit), up to page ${number}`);
        break;
      }
    }
    if (pdf.numPages > pageCount) notes.push(`Read the first ${pageCount} of ${pdf.numPages} pages`);
    return { pages, pageNumbers: pages.map((_, i) => i + 1), ocrPages, notes };
  } catch (error) {
    if (error instanceof DeckError) throw error;
    throw new DeckError(`Corrupt PDF: ${(error as Error).message}`.slice(0, 300));
  } finally {
    await pdf.destroy();
  }
}
