import { DeckError } from './deck-error.js';
import type { TDeckText } from './deck-text.js';
import { readPdf } from './read-pdf.js';
import { readPptx } from './read-pptx.js';

export interface TDeckFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

export const deckKind = (file: Pick<TDeckFile, 'filename' | 'contentType'>): 'pdf' | 'pptx' | null => {
  const name = file.filename.toLowerCase();
  const type = file.contentType.toLowerCase();
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf';
  if (type === PPTX_TYPE || name.endsWith('.pptx')) return 'pptx';
  return null;
};

/** Reads a deck's text. Empty, huge, encrypted and corrupt files throw a DeckError with the reason. */
export async function readDeck(file: TDeckFile, maxBytes: number): Promise<TDeckText> {
  const kind = deckKind(file);
  if (!kind) throw new DeckError(`Unsupported deck format: ${file.filename}`);
  if (file.content.length === 0) throw new DeckError(`Empty file: ${file.filename}`);
  if (file.content.length > maxBytes) {
    throw new DeckError(
      `Deck too large: ${file.filename} is ${file.content.length} bytes (limit ${maxBytes})`,
    );
  }
  const deck = kind === 'pdf' ? await readPdf(file.content) : await readPptx(file.content);
  const chars = deck.pages.reduce((n, page) => n + page.reduce((m, line) => m + line.text.length, 0), 0);
  if (chars === 0)
    throw new DeckError(`Empty deck: no text found in ${file.filename} (scanned images are not read)`);
  return deck;
}
