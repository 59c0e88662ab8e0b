import type { EntityManager } from '@mikro-orm/core';
import type { TRecordMessage } from '@dealflow/contracts';
import type { TIngestDeps } from '../deps.js';
import { deckKind, readDeck } from '../domain/deck/read-deck.js';
import { deckChanges, websiteHost } from '../domain/record-page/deck-changes.js';
import { signViewerUrl, viewerKey } from '../domain/record-page/viewer-url.js';
import { IngestError } from '../errors.js';
import {
  findAttachments,
  findCompanyRecords,
  findDeckFile,
  findMessage,
} from '../repositories/record-page.queries.js';

/**
 * The record page's message (issue 23 item 1): the email's text and its HTML as received (the web client
 * sanitizes it with DOMPurify and shows it in a sandboxed frame: sanitizing here would need a DOM in the
 * service, and JSON never renders on the API's origin), the attachments, the deck with a short-lived viewer
 * URL signed for the caller's organization (a PPTX also as its slides' text), and the company's decks.
 */
export async function getEmailMessage(
  em: EntityManager,
  deps: Pick<TIngestDeps, 'config' | 'logger'>,
  orgId: number,
  id: number,
): Promise<TRecordMessage> {
  const row = await findMessage(em, orgId, id);
  if (!row) throw new IngestError('EMAIL_NOT_FOUND');
  const attachments = await findAttachments(em, id);
  const deckMeta = attachments.find((a) => a.isDeck && deckKind(a) !== null);
  let deck: TRecordMessage['deck'] = null;
  if (deckMeta) {
    const kind = deckKind(deckMeta)!;
    const { expires, signature } = signViewerUrl(viewerKey(deps.config.INTERNAL_API_TOKEN), id, orgId);
    deck = {
      attachmentId: deckMeta.id,
      filename: deckMeta.filename,
      contentType: deckMeta.contentType,
      kind,
      size: deckMeta.size,
      viewerUrl: `/api/emails/${id}/deck?expires=${expires}&signature=${signature}`,
      expiresAt: new Date(expires * 1000).toISOString(),
      slides: kind === 'pptx' ? await pptxSlides(em, deps, orgId, id) : null,
    };
  }
  const host = websiteHost(row.extractedData?.website);
  const name = row.extractedData?.companyName?.trim() || row.companyName?.trim();
  const records = host
    ? await findCompanyRecords(em, orgId, { host })
    : name
      ? await findCompanyRecords(em, orgId, { name })
      : [];
  const history = records.map((r, i) => ({
    id: r.id,
    receivedAt: new Date(r.receivedAt).toISOString(),
    subject: r.subject,
    fundingRound: r.extractedData.fundingRound ?? null,
    fundingAmount: r.extractedData.fundingAmount ?? null,
    changes: i === 0 ? [] : deckChanges(records[i - 1]!.extractedData, r.extractedData),
  }));
  return {
    id: row.id,
    from: row.fromName ?? row.fromEmail,
    fromEmail: row.fromEmail,
    subject: row.subject,
    receivedAt: new Date(row.receivedAt).toISOString(),
    text: row.textBody ?? '',
    html: row.htmlBody,
    attachments: attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      downloadPath: `/api/emails/${id}/attachments/${a.id}`,
    })),
    deck,
    history,
    extractedData: row.extractedData,
  };
}

/** A PPTX deck's slides as text in reading order (the deck reader's lines, without OCR); null if unreadable. */
async function pptxSlides(
  em: EntityManager,
  deps: Pick<TIngestDeps, 'config' | 'logger'>,
  orgId: number,
  id: number,
): Promise<string[][] | null> {
  const file = await findDeckFile(em, orgId, id);
  if (!file) return null;
  try {
    const text = await readDeck(file, deps.config.deck.maxBytes, { limits: { ocrMaxImages: 0 } });
    return text.pages.map((page) => page.map((line) => line.text));
  } catch (error) {
    deps.logger.info({ emailId: id, err: error }, 'pptx slides not read for the record page');
    return null;
  }
}
