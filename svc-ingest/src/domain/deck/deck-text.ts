/** One line of a slide with the font size it was set in (layout matters: the biggest line of the title slide is the name). */
export interface TDeckLine {
  text: string;
  fontSize: number;
}
import type { TDeckOutline } from '@dealflow/contracts';

export interface TDeckText {
  pages: TDeckLine[][];
  /** Slide number (1-based, as the deck shows it) of each entry of `pages`: provenance for extracted fields. */
  pageNumbers?: number[];
  /** Slides whose text came wholly or partly from OCR (rendered pages, pictures). */
  ocrPages?: number[];
  /** What a limit left out ("Read the first 200 of 350 pages", "OCR stopped after ..."). */
  notes?: string[];
  /** The deck's outline (createDeckOutline), worked out in the deck worker with the text. */
  outline?: TDeckOutline;
}

export const deckPlainText = (deck: TDeckText): string =>
  deck.pages.map((page) => page.map((line) => line.text).join('\n')).join('\n\n');

export const deckFromPlainText = (text: string): TDeckText => ({
  pages: text
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => ({ text: line, fontSize: 12 })),
    )
    .filter((page) => page.length > 0),
});
