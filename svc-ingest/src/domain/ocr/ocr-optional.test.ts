import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageDeckSlides, imageOnlyPdf } from '../../test/fixtures/sample-decks.js';
import { sampleDeck } from '../../test/factories/deck.factory.js';
import type { DeckError } from '../deck/deck-error.js';
import { DEFAULT_DECK_LIMITS } from '../deck/deck-limits.js';
import { DeckPool } from '../deck/deck-pool.js';
import { readDeck } from '../deck/read-deck.js';

// OCR is an optional install (tesseract.js, its English data, @napi-rs/canvas): the default image leaves
// it out. The service's config, loaded in a process where those packages cannot be found
// (without-ocr-preload.mjs), turns OCR off; with OCR off text decks are read and image-only decks fail
// with a reason that says so. (scripts/image-check.sh svc-ingest starts the real image without them.)
const run = promisify(execFile);
const here = fileURLToPath(new URL('.', import.meta.url));
const preload = join(here, '../../test/ocr/without-ocr-preload.mjs');

let dir: string;
let pool: DeckPool;
let text: Buffer;
let pictures: Buffer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ocr-optional-'));
  text = Buffer.from(await sampleDeck('Acme Robotics'));
  pictures = await imageOnlyPdf(imageDeckSlides('Lumina Robotics'));
  // The service's config as it loads where the packages are missing (a process of its own: this one has them).
  writeFileSync(
    join(dir, 'child.mts'),
    `import { ocrInstalled } from ${JSON.stringify(join(here, 'ocr-engine.ts'))};
import { loadServiceConfig } from ${JSON.stringify(join(here, '..', '..', 'config.ts'))};
console.log(JSON.stringify({ installed: ocrInstalled(), ocrMaxImages: loadServiceConfig({}).deck.limits.ocrMaxImages }));
`,
  );
  pool = new DeckPool({ threads: 1 });
}, 60_000);
afterAll(async () => {
  await pool?.close();
  rmSync(dir, { recursive: true, force: true });
});

const read = async (name: string, content: Buffer, ocrMaxImages: number) => {
  try {
    const deck = await readDeck({ filename: name, contentType: 'application/pdf', content }, 50_000_000, {
      limits: { ...DEFAULT_DECK_LIMITS, ocrMaxImages },
      pool,
    });
    return { text: deck.pages.flatMap((page) => page.map((line) => line.text)).join(' ') };
  } catch (error) {
    return { error: (error as DeckError).reason ?? (error as Error).message };
  }
};

describe('svc-ingest without the optional OCR packages', () => {
  it('turns OCR off in its config and says which packages are missing', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--import', preload, join(dir, 'child.mts')],
      { cwd: join(here, '..', '..', '..'), timeout: 120_000 },
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({
      installed: { ok: false, missing: ['tesseract.js', '@tesseract.js-data/eng', '@napi-rs/canvas'] },
      ocrMaxImages: 0,
    });
  }, 150_000);

  it('with OCR off (what that config gives), reads text decks and gives image-only decks the reason', async () => {
    expect((await read('text.pdf', text, 0)).text).toContain('Acme Robotics');
    expect(await read('pictures.pdf', pictures, 0)).toEqual({
      error: 'Empty deck: no text found in pictures.pdf (OCR is off)',
    });
  }, 150_000);
});
