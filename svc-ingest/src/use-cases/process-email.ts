import type { TDeckLimits } from '../domain/deck/deck-limits.js';
import type { EntityManager } from '@mikro-orm/core';
import { LIMIT_REASON, findMonthlyDeckLimit, monthStart } from '../domain/allowance/monthly-deck-limit.js';
import { DeckError } from '../domain/deck/deck-error.js';
import { downloadDeckFromLinks } from '../providers/download-deck.js';
import { deckPlainText, type TDeckText } from '../domain/deck/deck-text.js';
import { detectSearchLanguage } from '../domain/deck/text-language.js';

import { readDeck } from '../domain/deck/read-deck.js';
import { createDeckOutline } from '../domain/deck/deck-outline.js';
import { getMailPool } from '../domain/mail/mail-pool.js';
import { reapplyCorrections } from '../domain/extraction/corrections.js';
import type { TIngestDeps } from '../deps.js';
import { countDecksSince, findEmailCorrections, updateEmail } from '../repositories/email.repository.js';
import { publishDeckExtracted, publishDeckProcessed } from '../repositories/ingest.events.js';
import { ServiceStoppingError } from '@dealflow/service-kit';
import { findDeckFiles, lockEmail, lockOrganization } from '../repositories/intake.queries.js';

/** Deck text kept for search: a tsvector holds at most 1 MB, and the first pages say what a deck is about. */
const SEARCH_TEXT_MAX = 200_000;

export type TProcessDeps = Pick<TIngestDeps, 'extractor' | 'logger'> & {
  deckMaxBytes: number;
  /**
   * The service's stop (service-kit's ctx.stopping): once aborted, work in hand is abandoned, not failed. The
   * worker pools are closed by the shutdown, so a deck being read ends at once; the error goes up (the consumer's
   * transaction rolls back, the event comes back after the restart) instead of failing the record.
   */
  stopping?: AbortSignal;
  /** The config's deck limits (defaults from deck/deck-limits.ts when absent). */
  deckLimits?: Partial<TDeckLimits>;
};

/** Claims of one email that may end without an outcome (the service or its worker died) before it fails. */
export const MAX_PROCESSING_ATTEMPTS = 3;

export const poisonReason = (attempts: number) =>
  `Processing stopped after ${attempts} attempts: the service stopped while reading this message each time ` +
  '(a message or deck too large or too complex to read). Retry it once the sender sends a smaller file.';

/**
 * Step 1, in its own short transaction (committed, so the record shows Processing while the deck is read):
 * a pending email takes one deck of the calendar month's allowance (org row locked), or stays pending
 * with the reason when the limit is reached. A `processing` email is one whose processing crashed: it is
 * claimed again. Anything else (completed, failed...) is left alone: a redelivered event changes nothing.
 * Every claim counts (`attempts`, committed before the deck is read; a manual retry resets it): a processing
 * that ended with an outcome never comes back here, so an email claimed MAX_PROCESSING_ATTEMPTS times is one
 * that took the service down each time (heap exhaustion, a killed process). It fails with the reason instead of
 * crash-looping (issue 12, poison-message count).
 */
export async function claimEmail(
  em: EntityManager,
  emailId: number,
): Promise<'claimed' | 'held' | 'skipped' | 'failed'> {
  return em.transactional(async (tx) => {
    const email = await lockEmail(tx, emailId);
    if (!email) return 'skipped';
    if (email.status !== 'processing' && email.status !== 'pending') return 'skipped';
    if (email.attempts >= MAX_PROCESSING_ATTEMPTS) {
      const processedAt = new Date();
      await updateEmail(tx, emailId, {
        status: 'failed',
        statusReason: poisonReason(email.attempts),
        processedAt,
        countedAt: null,
      });
      publishDeckProcessed(tx, {
        orgId: email.orgId,
        emailId,
        userId: email.userId,
        processedAt: processedAt.toISOString(),
        outcome: 'failed',
        subject: email.subject,
        statusReason: poisonReason(email.attempts),
      });
      return 'failed';
    }
    if (email.status === 'processing') {
      await updateEmail(tx, emailId, { attemptsIncrement: true });
      return 'claimed';
    }
    const org = await lockOrganization(tx, email.orgId);
    if (!org) return 'skipped';
    const start = monthStart();
    const countedThisMonth = email.countedAt !== null && email.countedAt >= start;
    const limit = findMonthlyDeckLimit(org);
    if (!countedThisMonth) {
      if (limit !== null && (await countDecksSince(tx, org.id, start)) >= limit) {
        await updateEmail(tx, emailId, { statusReason: LIMIT_REASON });
        return 'held';
      }
    }
    await updateEmail(tx, emailId, {
      status: 'processing',
      statusReason: null,
      attemptsIncrement: true,
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

  // In a mail worker: HTML-to-text and the URL scan grow with the body, which a stranger chose.
  let deckLinks: string[] = [];
  try {
    deckLinks = await getMailPool().deckLinks(email.textBody, email.htmlBody);
  } catch (error) {
    deps.logger.warn({ err: error, emailId }, 'deck links not read: the body is over the mail worker limits');
  }
  const stillRunning = () => {
    if (deps.stopping?.aborted) throw new ServiceStoppingError();
  };
  stillRunning();
  const processedAt = new Date();
  const finish = (
    outcome: 'completed' | 'failed',
    about: { companyName?: string | null; statusReason?: string | null },
  ) =>
    publishDeckProcessed(em, {
      orgId: org.id,
      emailId,
      userId: email.userId,
      processedAt: processedAt.toISOString(),
      outcome,
      subject: email.subject,
      ...about,
    });
  try {
    let deck: TDeckText | null = null;
    const files = await findDeckFiles(em, emailId);
    if (files[0]) {
      const file = files[0];
      stillRunning();
      deck = await readDeck(
        { filename: file.filename, contentType: file.contentType, content: file.content },
        deps.deckMaxBytes,
        { limits: deps.deckLimits },
      );
    } else if (deckLinks.length > 0) {
      // Google Drive, Dropbox, OneDrive and direct .pdf links are fetched through the outbound guard and read
      // like an attachment; DocSend and Pitch stay on the record as links to open by hand.
      const { deck: file, failures } = await downloadDeckFromLinks(deckLinks, {
        maxBytes: deps.deckMaxBytes,
      });
      if (failures.length > 0) deps.logger.info({ emailId, failures }, 'deck links not downloaded');
      if (file)
        deck = await readDeck(
          { filename: file.filename, contentType: file.contentType, content: file.content },
          deps.deckMaxBytes,
          { limits: deps.deckLimits },
        );
    } else {
      throw new DeckError(
        'No pitch deck found: no PDF or PPTX attachment and no deck link (DocSend, Google Drive, Dropbox, Pitch)',
      );
    }
    stillRunning();
    const { data: extracted, provenance } = await deps.extractor.extract({
      deck,
      emailText: email.textBody,
      fromName: email.fromName,
      fromEmail: email.fromEmail,
      subject: email.subject,
    });
    // Retry extracts again: what people corrected on the record stays corrected.
    const { extractedData, corrections } = reapplyCorrections(
      extracted,
      email.extractedData,
      await findEmailCorrections(em, emailId),
    );
    const deckOutline = deck ? (deck.outline ?? createDeckOutline(deck)) : null;
    // Kept for full-text search (issue 22): the first SEARCH_TEXT_MAX characters, in the deck's language.
    const deckText = deck ? deckPlainText(deck).slice(0, SEARCH_TEXT_MAX) : null;
    await updateEmail(em, emailId, {
      deckText,
      searchLanguage: deckText ? detectSearchLanguage(deckText) : 'simple',
      status: 'completed',
      statusReason: null,
      deckLinks,
      deckOutline,
      extractedData,
      provenance,
      corrections,
      processedAt,
      // A new extraction, a new wait for crm's answer.
      dealAnnouncements: 0,
    });
    publishDeckExtracted(em, {
      orgId: org.id,
      id: emailId,
      fromEmail: email.fromEmail,
      fromName: email.fromName,
      subject: email.subject,
      extractedData,
      deckLinks,
      deckOutline,
      messageId: email.messageId,
    });
    finish('completed', { companyName: extractedData.companyName ?? null });
    return 'processed';
  } catch (error) {
    // Ended by the shutdown (a closed worker pool, an aborted call): not the deck's fault.
    if (deps.stopping?.aborted)
      throw error instanceof ServiceStoppingError ? error : new ServiceStoppingError(error);
    const reason =
      error instanceof DeckError
        ? error.reason
        : // The endpoint's own text (its error body) goes to the log, never to the record people read.
          `Extraction failed (${deps.extractor.name}): the extraction service did not give a usable answer. Retry later.`;
    if (!(error instanceof DeckError)) deps.logger.warn({ err: error, emailId }, 'extraction failed');
    // A failed deck gives its slot of the monthly allowance back.
    await updateEmail(em, emailId, {
      status: 'failed',
      statusReason: reason,
      deckLinks,
      processedAt,
      countedAt: null,
    });
    finish('failed', { statusReason: reason });
    return 'processed';
  }
}
