import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDeck } from '../test/factories/deck.factory.js';
import { startHttpsStandIn } from '../test/https-stand-in.js';
import { deckLinkAction, findDeckLinks } from '../domain/deck/deck-links.js';
import { downloadDeckFromLinks } from './download-deck.js';

describe('deckLinkAction: share links to their direct-download form', () => {
  it.each([
    [
      'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing',
      'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp',
    ],
    [
      'https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp',
      'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp',
    ],
    [
      'https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOp/edit#slide=id.p',
      'https://docs.google.com/presentation/d/1AbCdEfGhIjKlMnOp/export/pdf',
    ],
    ['https://www.dropbox.com/s/abc123/deck.pdf?dl=0', 'https://www.dropbox.com/s/abc123/deck.pdf?dl=1'],
    [
      'https://www.dropbox.com/scl/fi/xyz/deck.pdf?rlkey=k&dl=0',
      'https://www.dropbox.com/scl/fi/xyz/deck.pdf?rlkey=k&dl=1',
    ],
    [
      'https://1drv.ms/b/s!AkPq',
      `https://api.onedrive.com/v1.0/shares/u!${Buffer.from('https://1drv.ms/b/s!AkPq').toString('base64url')}/root/content`,
    ],
    ['https://acme.io/files/Acme%20Deck.pdf', 'https://acme.io/files/Acme%20Deck.pdf'],
  ])('%s', (link, url) => expect(deckLinkAction(link)).toEqual({ kind: 'download', url }));

  it('keeps DocSend and Pitch viewers (and http links) for opening by hand', () => {
    for (const link of [
      'https://docsend.com/view/abc123',
      'https://acme.docsend.com/view/abc',
      'https://pitch.com/v/acme-x1',
      'http://acme.io/deck.pdf',
    ])
      expect(deckLinkAction(link)).toEqual({ kind: 'manual' });
  });

  it('finds OneDrive and direct .pdf links in the body', () => {
    expect(findDeckLinks('Deck: https://1drv.ms/b/s!AkPq and https://acme.io/deck.pdf.')).toEqual([
      'https://1drv.ms/b/s!AkPq',
      'https://acme.io/deck.pdf',
    ]);
  });
});

describe('downloadDeckFromLinks (a local https stand-in through the test-only allow list)', () => {
  let standIn: Awaited<ReturnType<typeof startHttpsStandIn>>;
  let base: string;
  let pdf: Buffer;
  let ca: string;
  beforeAll(async () => {
    pdf = await sampleDeck();
    standIn = await startHttpsStandIn((req, res) => {
      if (req.url === '/decks/acme.pdf') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(pdf);
      } else if (req.url === '/share/acme.pdf') {
        res.writeHead(302, { location: '/decks/acme.pdf' });
        res.end();
      } else if (req.url === '/login.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end('<html><body>Sign in to view</body></html>');
      } else if (req.url === '/huge.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(Buffer.concat([Buffer.from('%PDF-1.4'), Buffer.alloc(64 * 1024)]));
      } else if (req.url === '/to-metadata.pdf') {
        res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/iam.pdf' });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    ca = standIn.ca;
    base = standIn.base;
  });
  afterAll(async () => standIn?.stop());
  const options = () => ({ maxBytes: 32 * 1024, timeoutMs: 15_000, testAllow: { hosts: ['127.0.0.1'], ca } });

  it('downloads a direct .pdf link, sniffed as a PDF, skipping viewer links', async () => {
    const { deck } = await downloadDeckFromLinks(
      ['https://docsend.com/view/x', `${base}/decks/acme.pdf`],
      options(),
    );
    expect(deck).toMatchObject({
      link: `${base}/decks/acme.pdf`,
      filename: 'acme.pdf',
      contentType: 'application/pdf',
    });
    expect(deck!.content.equals(pdf)).toBe(true);
  });

  it('follows the redirect a share URL answers with (each hop re-checked)', async () => {
    const { deck } = await downloadDeckFromLinks([`${base}/share/acme.pdf`], options());
    expect(deck?.content.equals(pdf)).toBe(true);
  });

  it('refuses a sign-in page, an oversize body, a redirect to the metadata address, and the same server without the allow list', async () => {
    const { deck, failures } = await downloadDeckFromLinks(
      [`${base}/login.pdf`, `${base}/huge.pdf`, `${base}/to-metadata.pdf`],
      options(),
    );
    expect(deck).toBeNull();
    expect(failures.map((f) => f.detail)).toEqual([
      expect.stringMatching(/not the expected content/),
      expect.stringMatching(/byte cap/),
      expect.stringMatching(/169\.254\.169\.254.*not a public address/),
    ]);
    const without = await downloadDeckFromLinks([`${base}/decks/acme.pdf`], {
      ...options(),
      testAllow: undefined,
    });
    expect(without.deck).toBeNull();
    expect(without.failures[0]!.detail).toMatch(/port|not a public address/);
  });
});
