import JSZip from 'jszip';
import { DeckError } from './deck-error.js';
import type { TDeckLine, TDeckText } from './deck-text.js';

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

/** Text of one slide: one line per paragraph (<a:p>), font size from the first run's `sz` (hundredths of a point). */
const slideLines = (xml: string): TDeckLine[] => {
  const lines: TDeckLine[] = [];
  for (const paragraph of xml.match(/<a:p>[\s\S]*?<\/a:p>|<a:p [\s\S]*?<\/a:p>/g) ?? []) {
    const text = [...paragraph.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decodeXml(m[1] ?? '')).join('');
    if (!text.trim()) continue;
    const size = /<a:rPr[^>]*\ssz="(\d+)"/.exec(paragraph)?.[1];
    lines.push({ text: text.replace(/\s+/g, ' ').trim(), fontSize: size ? Number(size) / 100 : 18 });
  }
  return lines;
};

export async function readPptx(content: Buffer): Promise<TDeckText> {
  if (content.subarray(0, 4).equals(OLE_MAGIC)) {
    throw new DeckError('Encrypted or legacy PowerPoint file: save it as an unprotected .pptx');
  }
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(content);
  } catch (error) {
    throw new DeckError(`Corrupt PPTX: ${(error as Error).message}`.slice(0, 300));
  }
  const slides = Object.keys(zip.files)
    .map((name) => ({ name, n: Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1] ?? NaN) }))
    .filter((s) => Number.isFinite(s.n))
    .sort((a, b) => a.n - b.n);
  if (slides.length === 0) throw new DeckError('Corrupt PPTX: no slides found');
  const pages: TDeckLine[][] = [];
  for (const slide of slides) {
    const xml = await zip.file(slide.name)!.async('string');
    pages.push(slideLines(xml));
  }
  return { pages };
}
