import { posix } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { DeckError } from './deck-error.js';
import type { TDeckLimits } from './deck-limits.js';
import type { TDeckLine, TDeckText } from './deck-text.js';
import { SafeZip } from './safe-zip.js';

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const EMU_PER_POINT = 12_700;
/** A 16:9 slide is 540 pt high: the size assumed for a picture whose placement is not given (backgrounds). */
const SLIDE_HEIGHT_PT = 540;
const OCR_IMAGE = /\.(png|jpe?g|gif|bmp|webp)$/i;

/** OCR of the pictures on a slide, supplied by the deck worker (null: OCR is off). */
export interface TImageOcr {
  /** Lines read from one picture shown `heightPt` points high; null once the deck's OCR cap or budget is spent. */
  recognizeImage(bytes: Buffer, heightPt: number): Promise<TDeckLine[] | null>;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
/** Attributes of a tag as saxes gives them without namespace processing. */
type TAttributes = Record<string, string>;
const attribute = (tag: TAttributes, local: string) =>
  Object.entries(tag).find(([name]) => localName(name) === local)?.[1];

/**
 * Streams one XML entry through saxes, a non-validating streaming parser: linear in the input, no DTD
 * entity expansion, and never holds the whole document (the paragraph regex it replaces went quadratic on
 * 40,000 unclosed `<a:p>`).
 */
async function parseXml(
  zip: SafeZip,
  name: string,
  handlers: {
    open?: (local: string, tag: TAttributes) => void;
    close?: (local: string) => void;
    text?: (text: string) => void;
  },
): Promise<void> {
  const parser = new SaxesParser({ position: false });
  if (handlers.open)
    parser.on('opentag', (tag) => handlers.open!(localName(tag.name), tag.attributes as TAttributes));
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(localName(tag.name)));
  if (handlers.text) parser.on('text', handlers.text);
  const decoder = new StringDecoder('utf8');
  try {
    await zip.read(name, (chunk) => parser.write(decoder.write(chunk)));
    parser.write(decoder.end()).close();
  } catch (error) {
    if (error instanceof DeckError) throw error;
    throw new DeckError(`Corrupt PPTX: ${name}: ${(error as Error).message}`.slice(0, 300));
  }
}

/** Relationship id -> zip path of the part it points at (external targets left out). */
async function readRelationships(zip: SafeZip, partName: string): Promise<Map<string, string>> {
  const relsName = posix.join(posix.dirname(partName), '_rels', `${posix.basename(partName)}.rels`);
  const targets = new Map<string, string>();
  if (!zip.entries.has(relsName)) return targets;
  await parseXml(zip, relsName, {
    open: (local, tag) => {
      const id = attribute(tag, 'Id');
      const target = attribute(tag, 'Target');
      if (local !== 'Relationship' || !id || !target || attribute(tag, 'TargetMode') === 'External') return;
      targets.set(id, posix.normalize(posix.join(posix.dirname(partName), target)).replace(/^\//, ''));
    },
  });
  return targets;
}

/** Slides in presentation order (presentation.xml's sldIdLst), else by file number (slide10 after slide2). */
async function slideOrder(zip: SafeZip): Promise<string[]> {
  const byNumber = [...zip.entries.keys()]
    .map((name) => ({ name, n: Number(/^ppt\/slides\/slide(\d+)\.xml$/.exec(name)?.[1] ?? NaN) }))
    .filter((s) => Number.isFinite(s.n))
    .sort((a, b) => a.n - b.n)
    .map((s) => s.name);
  if (!zip.entries.has('ppt/presentation.xml')) return byNumber;
  const rels = await readRelationships(zip, 'ppt/presentation.xml');
  const listed: string[] = [];
  await parseXml(zip, 'ppt/presentation.xml', {
    open: (local, tag) => {
      const target = local === 'sldId' ? rels.get(attribute(tag, 'id') ?? '') : undefined;
      if (target && zip.entries.has(target)) listed.push(target);
    },
  });
  return listed.length > 0 ? listed : byNumber;
}

interface TSlideContent {
  lines: TDeckLine[];
  pictures: { rId: string; heightPt: number }[];
}

/** One line per paragraph (<a:p>), font size from its first run's `sz` (hundredths of a point). */
async function readSlide(zip: SafeZip, name: string, budget: { chars: number }): Promise<TSlideContent> {
  const lines: TDeckLine[] = [];
  const pictures: TSlideContent['pictures'] = [];
  let paragraph: { text: string; size: number | null } | null = null;
  let inText = false;
  let picture: { rIds: string[]; heightPt: number | null } | null = null;
  const append = (text: string) => {
    if (!paragraph || budget.chars <= 0) return;
    const kept = text.slice(0, budget.chars);
    budget.chars -= kept.length;
    paragraph.text += kept;
  };
  await parseXml(zip, name, {
    open: (local, tag) => {
      if (local === 'p') paragraph = { text: '', size: null };
      else if (local === 't') inText = true;
      else if (local === 'br') append(' ');
      else if (local === 'rPr' && paragraph && paragraph.size === null) {
        const sz = Number(attribute(tag, 'sz'));
        if (sz > 0) paragraph.size = sz / 100;
      } else if (local === 'pic') picture = { rIds: [], heightPt: null };
      else if (local === 'blip') {
        const rId = attribute(tag, 'embed');
        if (!rId) return;
        if (picture) picture.rIds.push(rId);
        else pictures.push({ rId, heightPt: SLIDE_HEIGHT_PT });
      } else if (local === 'ext' && picture && picture.heightPt === null) {
        const cy = Number(attribute(tag, 'cy'));
        if (cy > 0) picture.heightPt = cy / EMU_PER_POINT;
      }
    },
    text: (text) => {
      if (inText) append(text);
    },
    close: (local) => {
      if (local === 't') inText = false;
      else if (local === 'p' && paragraph) {
        const text = paragraph.text.replace(/\s+/g, ' ').trim();
        if (text) lines.push({ text, fontSize: paragraph.size ?? 18 });
        paragraph = null;
      } else if (local === 'pic' && picture) {
        const heightPt = picture.heightPt ?? SLIDE_HEIGHT_PT;
        pictures.push(...picture.rIds.map((rId) => ({ rId, heightPt })));
        picture = null;
      }
    },
  });
  return { lines, pictures };
}

/**
 * A PPTX's slides: paragraphs of text, then what OCR reads from the slide's pictures (each picture once
 * per deck: a logo repeated on every slide is read on the first).
 */
export async function readPptx(
  content: Buffer,
  limits: TDeckLimits,
  ocr: TImageOcr | null = null,
): Promise<TDeckText> {
  if (content.subarray(0, 4).equals(OLE_MAGIC)) {
    throw new DeckError('Encrypted or legacy PowerPoint file: save it as an unprotected .pptx');
  }
  const zip = await SafeZip.open(content, limits, 'PPTX');
  try {
    const order = await slideOrder(zip);
    if (order.length === 0) throw new DeckError('Corrupt PPTX: no slides found');
    const slides = order.slice(0, limits.maxPages);
    const budget = { chars: limits.maxChars };
    const read = new Set<string>();
    const pages: TDeckLine[][] = [];
    const ocrPages: number[] = [];
    for (const [index, name] of slides.entries()) {
      const slide = await readSlide(zip, name, budget);
      const lines = [...slide.lines];
      if (ocr && slide.pictures.length > 0) {
        const rels = await readRelationships(zip, name);
        for (const picture of slide.pictures) {
          const path = rels.get(picture.rId);
          if (!path || read.has(path) || !OCR_IMAGE.test(path) || !zip.entries.has(path)) continue;
          read.add(path);
          const recognized = await ocr.recognizeImage(await zip.readBuffer(path), picture.heightPt);
          if (recognized === null) break;
          if (recognized.length > 0 && !ocrPages.includes(index + 1)) ocrPages.push(index + 1);
          lines.push(...recognized);
        }
      }
      pages.push(lines);
    }
    const notes =
      order.length > slides.length ? [`Read the first ${slides.length} of ${order.length} slides`] : [];
    return { pages, pageNumbers: pages.map((_, i) => i + 1), ocrPages, notes };
  } finally {
    zip.close();
  }
}
