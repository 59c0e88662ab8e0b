import { describe, expect, it } from 'vitest';
import { buildTextPdf } from '../../test/fixtures/build-pdf.js';
import { encryptedPdf, samplePptx } from '../../test/factories/deck.factory.js';
import { findDeckLinks } from './deck-links.js';
import { deckPlainText } from './deck-text.js';
import { readDeck } from './read-deck.js';

const MB = 1024 * 1024;

describe('readDeck', () => {
  it('reads every page of a PDF with the font size of each line', async () => {
    const deck = await readDeck(
      { filename: 'deck.pdf', contentType: 'application/pdf', content: await buildTextPdf(3) },
      MB,
    );
    expect(deck.pages).toHaveLength(3);
    expect(deck.pages[0]![0]).toEqual({ text: 'Lumina Robotics', fontSize: 36 });
    expect(deckPlainText(deck)).toContain('We are raising $3M Seed');
  });

  it('reads PPTX slides in slide order (slide10 after slide2)', async () => {
    const deck = await readDeck(
      { filename: 'x.pptx', contentType: 'application/octet-stream', content: await samplePptx() },
      MB,
    );
    expect(deck.pages.map((p) => p[0]!.text)).toEqual([
      'Slidewise',
      'We are raising $2M Seed',
      'Contact: Sam Lee, CEO',
    ]);
    expect(deck.pages[0]![0]!.fontSize).toBe(44);
  });

  it('names the problem of unreadable files', async () => {
    const read = (content: Buffer, filename = 'd.pdf', max = MB) =>
      readDeck({ filename, contentType: 'application/octet-stream', content }, max);
    await expect(read(await encryptedPdf())).rejects.toThrow(/Encrypted PDF/);
    await expect(read(Buffer.from('hello'))).rejects.toThrow(/not a PDF/);
    await expect(read(Buffer.alloc(0))).rejects.toThrow(/Empty file/);
    await expect(read(await buildTextPdf(2), 'd.pdf', 1024)).rejects.toThrow(/too large/);
    await expect(read(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), 'd.pptx')).rejects.toThrow(
      /Encrypted or legacy/,
    );
    await expect(read(Buffer.from('x'), 'notes.txt')).rejects.toThrow(/Unsupported/);
  });
});

describe('findDeckLinks', () => {
  it('records DocSend, Google Drive, Dropbox and Pitch links only', () => {
    const text = `Deck: https://docsend.com/view/abc1. Also https://drive.google.com/file/d/xyz/view?usp=sharing,
      https://www.dropbox.com/s/q1/deck.pdf?dl=0 and https://pitch.com/v/acme-7h2 — site https://acme.io, https://docsend.com/view/abc1`;
    expect(findDeckLinks(text)).toEqual([
      'https://docsend.com/view/abc1',
      'https://drive.google.com/file/d/xyz/view?usp=sharing',
      'https://www.dropbox.com/s/q1/deck.pdf?dl=0',
      'https://pitch.com/v/acme-7h2',
    ]);
  });
});
