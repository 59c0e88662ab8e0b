/**
 * Whether a page's extracted text is words at all. A font without a usable ToUnicode map extracts as
 * control characters, private-use code points or shifted letters ("/XPLQD 5RERWLFV" for "Lumina Robotics"):
 * such a page is rendered and OCR'd instead.
 */
const BAD_CHAR = /[\p{Cc}\p{Co}\uFFFD]/gu;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/g;
const VOWEL =
  /[aeiouyAEIOUY\u00C0-\u00C6\u00C8-\u00CF\u00D2-\u00D6\u00D9-\u00DD\u00E0-\u00E6\u00E8-\u00EF\u00F2-\u00F6\u00F9-\u00FD]/g;
const WORD = /^(\p{Lu}?\p{Ll}+|\p{Lu}+)(['’-]\p{L}+)*$/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

export function decodesToWords(text: string): boolean {
  const visible = text.replace(/[\s]/g, '');
  if (visible.length === 0) return false;
  if (count(visible, BAD_CHAR) / visible.length > 0.1) return false;
  const latin = count(visible, LATIN_LETTER);
  // Too little Latin text to judge (a number, a short caption, another script): trust it.
  if (latin < 20) return true;
  const vowelShare = count(visible, VOWEL) / latin;
  if (vowelShare < 0.2 || vowelShare > 0.65) return false;
  const tokens = text
    .split(/\s+/)
    .map((token) => token.replace(EDGE_PUNCTUATION, ''))
    .filter((token) => token.length >= 2 && /\p{L}/u.test(token));
  if (tokens.length === 0) return false;
  return tokens.filter((token) => WORD.test(token)).length / tokens.length >= 0.5;
}

/** A page with fewer than two words of text has, for reading purposes, no text layer. */
export const hasTextLayer = (text: string): boolean =>
  text.split(/\s+/).filter((token) => /\p{L}{2}/u.test(token)).length >= 2;
