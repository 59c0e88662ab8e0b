import { findDeckLinks } from '../deck/deck-links.js';
import { IngestError } from '../../errors.js';
import { htmlToText } from './html-to-text.js';
import { parseMessage, type TParsedMessage } from './parse-message.js';

/** Errors do not keep their class across threads: the reason travels as data. */
export type TMailJobResult = { ok: true; message: TParsedMessage } | { ok: false; reason: string };

/** Runs in a mail worker thread (piscina): mailparser's MIME, charset and transfer-encoding work, off the event loop. */
export default async function parseMessageJob(raw: Uint8Array): Promise<TMailJobResult> {
  try {
    return { ok: true, message: await parseMessage(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)) };
  } catch (error) {
    if (error instanceof IngestError) return { ok: false, reason: error.message };
    return { ok: false, reason: `Malformed message: ${(error as Error).message}`.slice(0, 300) };
  }
}

/**
 * Runs in a mail worker thread (piscina `name: 'deckLinksJob'`): the deck links of a stored email's bodies. The
 * HTML-to-text conversion and the URL scan grow with the body (up to the 25 MB a message may be).
 */
export async function deckLinksJob(bodies: { text: string; html: string | null }): Promise<string[]> {
  return findDeckLinks(`${bodies.text}\n${bodies.html ? htmlToText(bodies.html) : ''}`);
}
