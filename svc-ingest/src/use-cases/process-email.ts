import type { TDeckLimits } from '../deck/deck-limits.js';
import type { EntityManager } from '@mikro-orm/core';
import { LIMIT_REASON, monthStart } from '../allowance/monthly-deck-limit.js';
import { DeckError } from '../deck/deck-error.js';
import { findDeckLinks } from '../deck/deck-links.js';
import type { TDeckText } from '../deck/deck-text.js';
import { readDeck } from '../deck/read-deck.js';
import { htmlToText } from '../mail/html-to-text.js';
import type { TIngestDeps } from '../deps.js';
import { countDecksSince, updateEmail } from '../repositories/email.repository.js';
import { publishDeckExtracted, publishDeckProcessed } from '../repositories/ingest.events.js';
import { findDeckFiles, lockEmail, lockOrganization } from '../repositories/intake.queries.js';

export type TProcessDeps = Pick<TIngestDeps, 'extractor' | 'logger'> & {
  deckMaxBytes: number;
  /** The config's deck limits (defaults from deck/deck-limits.ts when absent). */
  deckLimits?: Partial<TDeckLimits>;
};

/**
 * Step 1, in its own short transaction (committed, so the record shows Processing while the deck is read):
 * a pending email takes one deck of the calendar month's allowance (org row locked), or stays pending
 * with the reason when the limit is reached. A `processing` email is one whose processing crashed: it is
 * claimed again. Anything else (completed, failed...) is left alone: a redelivered event changes nothing.
 */
export async function claimEmail(
  em: EntityManager,
  emailId: number,
): Promise<'claimed' | 'held' | 'skipped'> {
  return em.transactional(async (tx) => {
    const email = await lockEmail(tx, emailId);
    if (!email) return 'skipped';
    if (email.status === 'processing') return 'claimed';
    if (email.status !== 'pending') return 'skipped';
    const org = await lockOrganization(tx, email.orgId);
    if (!org) return 'skipped';
    const start = monthStart();
    const countedThisMonth = email.countedAt !== null && email.countedAt >= start;
    if (!countedThisMonth) {
      if (
        org.monthlyDeckLimit !== null &&
        (await countDecksSince(tx, org.id, start)) >= org.monthlyDeckLimit
      ) {
        await updateEmail(tx, emailId, { statusReason: LIMIT_REASON });
        return 'held';
      }
    }
    await updateEmail(tx, emailId, {
      status: 'processing',
      statusReason: null,
      ...(countedThisMonth ? {} : { countedAt: new Date() }),
    });
    return 'claimed';
  });
}

/**
 * Step 2, in the consumer's transaction: deck text (PDF, PPTX) or deck links, extraction, then
 * `ingest.deck.extracted` (crm makes the deal) and `ingest.deck.processed` (billing counts usage).
 * Only a `processing` email is worked on. A bad deck fails its record with the reason; it never throws.
 */
export async function processEmail(
  em: EntityManager,
  emailId: number,
  deps: TProcessDeps,
): Promise<'processed' | 'skipped'> {
  const email = await lockEmail(em, emailId);
  if (!email || email.status !== 'processing') return 'skipped';
  const org = { id: email.orgId };

  const deckLinks = findDeckLinks(`${email.textBody}\n${email.htmlBody ? htmlToText(email.htmlBody) : ''}`);
  const processedAt = new Date();
  const finish = (outcome: 'completed' | 'failed') =>
    publishDeckProcessed(em, {
      orgId: org.id,
      emailId,
      userId: email.userId,
      processedAt: processedAt.toISOString(),
      outcome,
    });
  try {
    let deck: TDeckText | null = null;
    const files = await findDeckFiles(em, emailId);
    if (files[0]) {
      const file = files[0];
      deck = await readDeck(
        { filename: file.filename, contentType: file.contentType, content: file.content },
        deps.deckMaxBytes,
        { limits: deps.deckLimits },
      );
    } else if (deckLinks.length === 0) {
      throw new DeckError(
        'No pitch deck found: no PDF or PPTX attachment and no deck link (DocSend, Google Drive, Dropbox, Pitch)',
      );
    }
    const extractedData = await deps.extractor.extract({
      deck,
      emailText: email.textBody,
      fromName: email.fromName,
      fromEmail: email.fromEmail,
      subject: email.subject,
    });
    await updateEmail(em, emailId, {
      status: 'completed',
      statusReason: null,
      deckLinks,
      extractedData,
      processedAt,
    });
    publishDeckExtracted(em, {
      orgId: org.id,
      emailId,
      fromEmail: email.fromEmail,
      fromName: email.fromName,
      subject: email.subject,
      extractedData,
      deckLinks,
    });
    finish('completed');
    return 'processed';
  } catch (error) {
    const reason =
      error instanceof DeckError
        ? error.reason
        : `Extraction failed (${deps.extractor.name}): ${(error as Error).message}`.slice(0, 500);
    if (!(error instanceof DeckError)) deps.logger.warn({ err: error, emailId }, 'extraction failed');
    // A failed deck gives its slot of the monthly allowance back.
    await updateEmail(em, emailId, {
      status: 'failed',
      statusReason: reason,
      deckLinks,
      processedAt,
      countedAt: null,
    });
    finish('failed');
    return 'processed';
  }
}
