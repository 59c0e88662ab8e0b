import type { EntityManager } from '@mikro-orm/core';
import { Topics } from '@dealflow/contracts';
import { publishEvent } from '@dealflow/service-kit';
import type { Logger } from 'pino';
import { DeckError } from '../deck/deck-error.js';
import { findDeckLinks } from '../deck/deck-links.js';
import type { TDeckText } from '../deck/deck-text.js';
import { readDeck } from '../deck/read-deck.js';
import type { TExtractor } from '../extraction/extractor.js';
import { countDecksSince, findDeckFiles, lockEmail, updateEmail } from '../repositories/email-repository.js';
import { lockOrganization } from '../repositories/organization-repository.js';
import { monthStart } from '../repositories/sql.js';

export const LIMIT_REASON = 'Monthly deck limit reached';

export interface TProcessDeps {
  extractor: TExtractor;
  deckMaxBytes: number;
  logger: Logger;
}

const htmlToText = (html: string) => html.replace(/<a\s[^>]*href="([^"]+)"[^>]*>/gi, ' $1 ').replace(/<[^>]+>/g, ' ');

/**
 * Turns a pending email into a record: monthly allowance, deck text (PDF, PPTX) or deck links, extraction,
 * then `ingest.deck.extracted` (crm makes the deal) and `ingest.deck.processed` (billing counts usage).
 * Runs in the consumer's transaction; only a pending email is processed, so a redelivered event changes nothing.
 * A bad deck fails its record with the reason; it never throws.
 */
export async function processEmail(em: EntityManager, emailId: number, deps: TProcessDeps): Promise<'processed' | 'held' | 'skipped'> {
  const email = await lockEmail(em, emailId);
  if (!email || email.status !== 'pending') return 'skipped';
  const org = await lockOrganization(em, email.org_id);
  if (!org) return 'skipped';

  const start = monthStart();
  const countedThisMonth = email.counted_at !== null && email.counted_at >= start;
  if (!countedThisMonth) {
    if (org.monthly_deck_limit !== null && (await countDecksSince(em, org.id, start)) >= org.monthly_deck_limit) {
      await updateEmail(em, emailId, { statusReason: LIMIT_REASON });
      return 'held';
    }
    await updateEmail(em, emailId, { countedAt: new Date() });
  }
  await updateEmail(em, emailId, { status: 'processing', statusReason: null });

  const deckLinks = findDeckLinks(`${email.text_body}\n${email.html_body ? htmlToText(email.html_body) : ''}`);
  const processedAt = new Date();
  const finish = (outcome: 'completed' | 'failed') =>
    publishEvent(em, {
      topic: Topics.deckProcessed,
      orgId: org.id,
      data: { orgId: org.id, emailId, userId: email.user_id, processedAt: processedAt.toISOString(), outcome },
    });
  try {
    let deck: TDeckText | null = null;
    const files = await findDeckFiles(em, emailId);
    if (files[0]) {
      const file = files[0];
      deck = await readDeck({ filename: file.filename, contentType: file.content_type, content: file.content }, deps.deckMaxBytes);
    } else if (deckLinks.length === 0) {
      throw new DeckError('No pitch deck found: no PDF or PPTX attachment and no deck link (DocSend, Google Drive, Dropbox, Pitch)');
    }
    const extractedData = await deps.extractor.extract({
      deck,
      emailText: email.text_body,
      fromName: email.from_name,
      fromEmail: email.from_email,
      subject: email.subject,
    });
    await updateEmail(em, emailId, { status: 'completed', statusReason: null, deckLinks, extractedData, processedAt });
    publishEvent(em, {
      topic: Topics.deckExtracted,
      orgId: org.id,
      data: { orgId: org.id, emailId, fromEmail: email.from_email, fromName: email.from_name, subject: email.subject, extractedData, deckLinks },
    });
    finish('completed');
    return 'processed';
  } catch (error) {
    const reason =
      error instanceof DeckError ? error.reason : `Extraction failed (${deps.extractor.name}): ${(error as Error).message}`.slice(0, 500);
    if (!(error instanceof DeckError)) deps.logger.warn({ err: error, emailId }, 'extraction failed');
    // A failed deck gives its slot of the monthly allowance back.
    await updateEmail(em, emailId, { status: 'failed', statusReason: reason, deckLinks, processedAt, countedAt: null });
    finish('failed');
    return 'processed';
  }
}
