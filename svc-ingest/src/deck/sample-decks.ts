import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Decks made on the spot for the tests and the OCR bench: hostile shapes from issue 12 and image-only decks
 * (text drawn into a picture, as Canva/Keynote exports and scans are). Nothing is downloaded.
 */

const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

export const slideXml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld ${NS}><p:cSld><p:spTree>${body}</p:spTree></p:cSld></p:sld>`;

export const textShape = (paragraphs: [text: string, points: number][]) =>
  `<p:sp><p:txBody>${paragraphs
    .map(
      ([t, sz]) =>
        `<a:p><a:r><a:rPr lang="en-US" sz="${sz * 100}"/><a:t>${t.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</a:t></a:r></a:p>`,
    )
    .join('')}</p:txBody></p:sp>`;

/** A picture filling `cx` x `cy` points of the slide, its bytes in the relationship `rId`. */
export const pictureShape = (rId: string, cx = 960, cy = 540) =>
  `<p:pic><p:blipFill><a:blip r:embed="${rId}"/></p:blipFill><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx * 12700}" cy="${cy * 12700}"/></a:xfrm></p:spPr></p:pic>`;

export const slideRels = (images: Record<string, string>) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${Object.entries(
    images,
  )
    .map(
      ([id, target]) =>
        `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${target}"/>`,
    )
    .join('')}</Relationships>`;

export interface TZipEntry {
  name: string;
  /** Whole content, or chunks deflated one by one (a bomb is never held expanded). */
  content: Buffer | string | (() => AsyncIterable<Buffer>);
}

async function deflateEntry(content: TZipEntry['content']) {
  if (typeof content !== 'function') {
    const raw = Buffer.from(content);
    return { data: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
  }
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  for await (const chunk of content()) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  await new Promise((resolve) => deflate.end(resolve));
  return { data: Buffer.concat(out), crc, size };
}

/** A zip (deflate, no zip64): jszip cannot take pre-deflated content, which a bomb needs. */
export async function buildZip(entries: TZipEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, crc, size } = await deflateEntry(entry.content);
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

/** Issue 12: a ~300 KB PPTX whose one slide expands to `expandedMb` MB of XML. */
export function zipBombPptx(expandedMb = 300): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024, 'A');
  return buildZip([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    {
      name: 'ppt/slides/slide1.xml',
      content: async function* () {
        const [head, tail] = slideXml(textShape([['\u0000', 20]])).split('\u0000');
        yield Buffer.from(head!);
        for (let i = 0; i < expandedMb; i++) yield chunk;
        yield Buffer.from(tail!);
      },
    },
  ]);
}

/** Issue 12: a PPTX of a few hundred bytes with 40,000 unclosed `<a:p>` (the paragraph regex went quadratic). */
export const paragraphFloodPptx = (count = 40_000) =>
  buildZip([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: 'ppt/slides/slide1.xml', content: slideXml(`<p:sp><p:txBody>${'<a:p>'.repeat(count)}`) },
  ]);

/** Many tiny entries: the central directory alone asks for work. */
export const manyEntriesPptx = (count: number) =>
  buildZip([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    ...Array.from({ length: count }, (_, i) => ({ name: `ppt/media/x${i}.bin`, content: '' })),
    { name: 'ppt/slides/slide1.xml', content: slideXml(textShape([['Hello', 20]])) },
  ]);

export interface TImageSlide {
  lines: { text: string; size: number }[];
}

/** Draws slide text into a 16:9 PNG (what an image-only export holds instead of text). */
export async function renderSlideImage(slide: TImageSlide, width = 1600): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const scale = width / 960;
  const canvas = createCanvas(width, Math.round(540 * scale));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f1ea';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#1a1a24';
  let y = 80 * scale;
  for (const line of slide.lines) {
    y += line.size * 1.6 * scale;
    ctx.font = `${line.size >= 28 ? 'bold ' : ''}${Math.round(line.size * scale)}px sans-serif`;
    ctx.fillText(line.text, 60 * scale, y);
  }
  return canvas.toBuffer('image/png');
}

/**
 * A PDF whose pages are pictures only (no text layer), optionally with an invisible text layer of
 * `garbledText`, the way a font without a usable ToUnicode map extracts.
 */
export async function imageOnlyPdf(slides: TImageSlide[], garbledText?: string): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const slide of slides) {
    const image = await pdf.embedPng(await renderSlideImage(slide));
    const page = pdf.addPage([960, 540]);
    page.drawImage(image, { x: 0, y: 0, width: 960, height: 540 });
    if (garbledText) page.drawText(garbledText, { x: 40, y: 40, size: 10, font, opacity: 0 });
  }
  return Buffer.from(await pdf.save());
}

/** A PPTX whose slides each hold one full-slide picture and no text, plus an optional text slide first. */
export async function imageOnlyPptx(slides: TImageSlide[]): Promise<Buffer> {
  const entries: TZipEntry[] = [{ name: '[Content_Types].xml', content: CONTENT_TYPES }];
  for (const [i, slide] of slides.entries()) {
    entries.push(
      { name: `ppt/slides/slide${i + 1}.xml`, content: slideXml(pictureShape('rId2')) },
      {
        name: `ppt/slides/_rels/slide${i + 1}.xml.rels`,
        content: slideRels({ rId2: `../media/image${i + 1}.png` }),
      },
      { name: `ppt/media/image${i + 1}.png`, content: await renderSlideImage(slide) },
    );
  }
  return buildZip(entries);
}

/** Ten slides of a typical deck, drawn as pictures (the OCR bench and tests). */
export const imageDeckSlides = (name = 'Lumina Robotics'): TImageSlide[] => [
  {
    lines: [
      { text: name, size: 54 },
      { text: 'Warehouse robots that pick every order', size: 24 },
    ],
  },
  {
    lines: [
      { text: 'The Problem', size: 36 },
      { text: 'Picking is 55% of warehouse labour cost', size: 22 },
    ],
  },
  {
    lines: [
      { text: 'Our Solution', size: 36 },
      { text: 'Robots that learn a new item in minutes', size: 22 },
    ],
  },
  {
    lines: [
      { text: 'Market', size: 36 },
      { text: 'A $12B market growing 14% a year', size: 22 },
    ],
  },
  {
    lines: [
      { text: 'Traction', size: 36 },
      { text: 'ARR: $1.5M, growth 20% MoM', size: 22 },
    ],
  },
  {
    lines: [
      { text: 'Business Model', size: 36 },
      { text: 'Robots as a service, $2,000 a month', size: 22 },
    ],
  },
  {
    lines: [
      { text: 'Competition', size: 36 },
      { text: 'Faster to deploy than any rival', size: 22 },
    ],
  },
  {
    lines: [
      { text: 'Team', size: 36 },
      { text: 'Jane Founder, CEO, ex-Amazon Robotics', size: 22 },
    ],
  },
  {
    lines: [
      { text: 'The Ask', size: 36 },
      { text: 'We are raising $3M Seed', size: 22 },
    ],
  },
  {
    lines: [
      { text: 'Contact', size: 36 },
      { text: 'Founded in 2021. Based in Austin, TX', size: 22 },
    ],
  },
];

/** Issue 12: one page of `count` one-character lines (the line grouping went quadratic). Written raw: fast. */
export function manyLinesPdf(count = 40_000): Buffer {
  const content = `BT /F1 1 Tf 10 10 Td ${'(x) Tj 0 3 Td '.repeat(count)}ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 ${count * 3 + 20}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets
    .map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)
    .join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
