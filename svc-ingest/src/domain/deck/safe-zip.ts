import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DeckError } from './deck-error.js';
import type { TDeckLimits } from './deck-limits.js';

type TZipLimits = Pick<
  TDeckLimits,
  'zipMaxEntries' | 'zipMaxEntryBytes' | 'zipMaxTotalBytes' | 'zipMaxRatio'
>;

const RATIO_FLOOR_BYTES = 1024 * 1024;
const fromBuffer = promisify<Buffer, yauzl.Options, ZipFile>(yauzl.fromBuffer);

/**
 * A zip read entry by entry with inflate caps. yauzl reads the central directory without inflating
 * anything, checks every entry's inflated size against the size the directory declares, and streams;
 * the caps below are counted on the bytes actually inflated, so a lying directory gains nothing.
 */
export class SafeZip {
  private inflatedTotal = 0;

  private constructor(
    private readonly zip: ZipFile,
    readonly entries: ReadonlyMap<string, Entry>,
    private readonly limits: TZipLimits,
    private readonly label: string,
  ) {}

  static async open(content: Buffer, limits: TZipLimits, label: string): Promise<SafeZip> {
    let zip: ZipFile;
    try {
      zip = await fromBuffer(content, {
        lazyEntries: true,
        validateEntrySizes: true,
        strictFileNames: false,
      });
    } catch (error) {
      throw new DeckError(`Corrupt ${label}: ${(error as Error).message}`.slice(0, 300));
    }
    if (zip.entryCount > limits.zipMaxEntries) {
      zip.close();
      throw new DeckError(
        `Corrupt ${label}: the archive lists ${zip.entryCount} files, more than ${limits.zipMaxEntries} files a deck has`,
      );
    }
    const entries = new Map<string, Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.once('end', resolve);
      zip.once('error', (error: Error) =>
        reject(new DeckError(`Corrupt ${label}: ${error.message}`.slice(0, 300))),
      );
      zip.readEntry();
    });
    return new SafeZip(zip, entries, limits, label);
  }

  /** Streams one entry's inflated bytes to `onChunk`; throws a DeckError when a cap is passed. */
  async read(name: string, onChunk: (chunk: Buffer) => void): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry) throw new DeckError(`Corrupt ${this.label}: ${name} is missing`);
    const { zipMaxEntryBytes, zipMaxTotalBytes, zipMaxRatio } = this.limits;
    const tooBig = (bytes: number) =>
      new DeckError(
        `Deck too large to read: ${name} expands to more than ${Math.floor(bytes / (1024 * 1024))} MB`,
      );
    if (entry.uncompressedSize > zipMaxEntryBytes) throw tooBig(zipMaxEntryBytes);
    if (this.inflatedTotal + entry.uncompressedSize > zipMaxTotalBytes) throw tooBig(zipMaxTotalBytes);
    const maxByRatio = Math.max(RATIO_FLOOR_BYTES, entry.compressedSize * zipMaxRatio);
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, s) =>
        error ? reject(new DeckError(`Corrupt ${this.label}: ${error.message}`.slice(0, 300))) : resolve(s),
      ),
    );
    let inflated = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        this.inflatedTotal += chunk.length;
        if (inflated > zipMaxEntryBytes) throw tooBig(zipMaxEntryBytes);
        if (this.inflatedTotal > zipMaxTotalBytes) throw tooBig(zipMaxTotalBytes);
        if (inflated > maxByRatio) throw tooBig(maxByRatio);
        onChunk(chunk);
      }
    } catch (error) {
      (stream as unknown as { destroy(): void }).destroy();
      if (error instanceof DeckError) throw error;
      throw new DeckError(`Corrupt ${this.label}: ${(error as Error).message}`.slice(0, 300));
    }
  }

  async readBuffer(name: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    await this.read(name, (chunk) => chunks.push(chunk));
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}
