import { extractTextItems, getDocumentProxy } from 'unpdf';
import { DeckError } from './deck-error.js';
import type { TDeckLine, TDeckText } from './deck-text.js';

interface TItem {
  str: string;
  x: number;
  y: number;
  fontSize: number;
}

/** Groups a page's text items into lines (same baseline), top to bottom, left to right. */
const toLines = (items: TItem[]): TDeckLine[] => {
  const rows: { y: number; items: TItem[] }[] = [];
  for (const item of items) {
    if (!item.str.trim()) continue;
    const row = rows.find((r) => Math.abs(r.y - item.y) < Math.max(2, item.fontSize * 0.4));
    if (row) row.items.push(item);
    else rows.push({ y: item.y, items: [item] });
  }
  rows.sort((a, b) => b.y - a.y);
  return rows.map((row) => {
    const sorted = row.items.sort((a, b) => a.x - b.x);
    return {
      text: sorted
        .map((i) => i.str)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
      fontSize: Math.max(...sorted.map((i) => i.fontSize)),
    };
  });
};

export async function readPdf(content: Buffer): Promise<TDeckText> {
  if (content.subarray(0, 1024).indexOf('%PDF-') === -1) throw new DeckError('Corrupt PDF: not a PDF file');
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(content), { isEvalSupported: false, stopAtErrors: false });
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (name === 'PasswordException') throw new DeckError('Encrypted PDF: the deck is password protected');
    throw new DeckError(`Corrupt PDF: ${(error as Error).message}`.slice(0, 300));
  }
  try {
    const { items } = await extractTextItems(pdf);
    return { pages: items.map((pageItems) => toLines(pageItems)) };
  } catch (error) {
    throw new DeckError(`Corrupt PDF: ${(error as Error).message}`.slice(0, 300));
  } finally {
    await pdf.destroy();
  }
}
