import { Piscina } from 'piscina';
import { IngestError } from '../../errors.js';
import type { TParsedMessage } from './parse-message.js';
import type { TMailJobResult } from './mail-worker.js';

/** Wall time for parsing one message; past it the worker is stopped and the message refused. */
export const MAIL_PARSE_TIMEOUT_MS = 15_000;
/** JS heap of a mail worker (worker_threads resourceLimits): a 25 MB message parses well within it. */
export const MAIL_WORKER_MAX_HEAP_MB = 256;
/** One parsing thread: with the deck pool's two, the service never has more busy threads than that. */
export const MAIL_WORKER_THREADS = 1;

// Under vitest/tsx this module is TypeScript: its workers load tsx to import the worker the same way.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(fromSource ? './mail-worker.ts' : './mail-worker.js', import.meta.url).href;

type TBodies = { text: string; html: string | null };

export interface TMailPoolOptions {
  timeoutMs?: number;
  maxHeapMb?: number;
  threads?: number;
}

/**
 * Incoming messages are parsed (mailparser) in a worker thread with a heap and a wall-time limit: a MIME bomb
 * (deep nesting, tens of thousands of parts, huge headers) costs a worker, not the event loop every tenant
 * shares. A message past a limit is refused with a clear reason.
 */
export class MailPool {
  private readonly pool: Piscina<Uint8Array | TBodies, TMailJobResult | string[]>;
  readonly timeoutMs: number;
  readonly maxHeapMb: number;

  constructor(options: TMailPoolOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? MAIL_PARSE_TIMEOUT_MS;
    this.maxHeapMb = options.maxHeapMb ?? MAIL_WORKER_MAX_HEAP_MB;
    this.pool = new Piscina({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads: options.threads ?? MAIL_WORKER_THREADS,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb, maxYoungGenerationSizeMb: 32 },
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    });
  }

  /** `timeoutMs` overrides the pool's limit for one message. */
  async parse(raw: Buffer, timeoutMs = this.timeoutMs): Promise<TParsedMessage> {
    let result: TMailJobResult;
    try {
      result = (await this.pool.run(raw, { signal: AbortSignal.timeout(timeoutMs) })) as TMailJobResult;
    } catch (error) {
      const { name, code, message } = error as { name?: string; code?: string; message?: string };
      if (name === 'AbortError' || name === 'TimeoutError')
        throw new IngestError(
          'MESSAGE_TOO_COMPLEX',
          `Message too complex to read: stopped after ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`,
        );
      if (code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new IngestError(
          'MESSAGE_TOO_COMPLEX',
          `Message too complex to read: it needed more than ${this.maxHeapMb} MB of memory`,
        );
      throw new IngestError(
        'MALFORMED_MESSAGE',
        `Malformed message: ${message ?? String(error)}`.slice(0, 300),
      );
    }
    if (!result.ok) throw new IngestError('MALFORMED_MESSAGE', result.reason);
    const { message } = result;
    // Buffers arrive as Uint8Arrays (structured clone).
    return {
      ...message,
      attachments: message.attachments.map((a) => ({
        ...a,
        content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
      })),
    };
  }

  /**
   * The deck links in an email's text and HTML bodies (HTML converted to text in the worker). A body the worker
   * cannot get through in time yields no links: the record then fails as having no deck, it never waits.
   */
  async deckLinks(text: string, html: string | null, timeoutMs = this.timeoutMs): Promise<string[]> {
    if (!html && text.length === 0) return [];
    return (await this.pool.run(
      { text, html },
      { name: 'deckLinksJob', signal: AbortSignal.timeout(timeoutMs) },
    )) as string[];
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

let shared: MailPool | null = null;

/** The process's mail pool, started on first use. */
export const getMailPool = (): MailPool => (shared ??= new MailPool());

/** Stops the shared pool's workers (service shutdown). */
export async function closeMailPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}
