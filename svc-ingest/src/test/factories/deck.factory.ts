import JSZip from 'jszip';
import { buildSlidesPdf } from '../fixtures/build-pdf.js';

export const sampleDeck = (name = 'Acme Robotics') =>
  buildSlidesPdf([
    [
      { text: name, size: 48, bold: true },
      { text: 'Warehouse robots that pick every order', size: 20 },
    ],
    [
      { text: 'Traction', size: 28, bold: true },
      { text: 'ARR: $1.5M', size: 16 },
      { text: 'Growth: 20% MoM', size: 16 },
    ],
    [
      { text: 'We are raising $4M Seed', size: 18 },
      { text: 'Founded in 2021. Based in Austin, TX', size: 12 },
    ],
    [
      { text: 'Jane Founder, CEO', size: 14 },
      { text: 'jane@acmerobotics.io', size: 14 },
      { text: 'https://acmerobotics.io', size: 14 },
    ],
  ]);

/** A minimal PPTX: slide XML with DrawingML text runs (what PowerPoint writes). */
export async function samplePptx(name = 'Slidewise'): Promise<Buffer> {
  const zip = new JSZip();
  const slide = (paragraphs: [string, number][]) =>
    `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>${paragraphs
      .map(
        ([t, sz]) =>
          `<a:p><a:r><a:rPr lang="en-US" sz="${sz * 100}"/><a:t>${t.replace(/&/g, '&amp;')}</a:t></a:r></a:p>`,
      )
      .join('')}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  );
  zip.file(
    'ppt/slides/slide1.xml',
    slide([
      [name, 44],
      ['Presentations that write themselves for sales teams', 20],
    ]),
  );
  zip.file(
    'ppt/slides/slide2.xml',
    slide([
      ['We are raising $2M Seed', 24],
      ['MRR: $40K', 18],
    ]),
  );
  zip.file(
    'ppt/slides/slide10.xml',
    slide([
      ['Contact: Sam Lee, CEO', 18],
      ['sam@slidewise.ai', 14],
    ]),
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

/**
 * A PDF whose trailer names a standard security handler whose passwords the empty password does not open:
 * what a password-protected deck looks like to a reader.
 */
export async function encryptedPdf(): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Secret deck');
  const bytes = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
  const hex = (n: number) =>
    Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256)).toString('hex');
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(32)}> /U <${hex(32)}> /P -44 >> /ID [<${hex(16)}> <${hex(16)}>]`;
  return Buffer.from(
    bytes.replace(/trailer\s*<</, (m) => `${m}\n${encrypt}\n`),
    'latin1',
  );
}
