import type { EntityManager } from '@mikro-orm/core';
import type { TIngestDeps } from '../deps.js';
import { checkViewerUrl, viewerKey } from '../domain/record-page/viewer-url.js';
import { IngestError } from '../errors.js';
import { findAttachmentFile, findDeckFile } from '../repositories/record-page.queries.js';

/**
 * The record's original deck, in the caller's organization only. With the viewer URL's expiry and signature
 * (signed for this record and organization), shown inline; an expired or forged one is refused (403).
 */
export async function openEmailDeck(
  em: EntityManager,
  deps: Pick<TIngestDeps, 'config'>,
  orgId: number,
  id: number,
  viewer: { expires?: number; signature?: string },
) {
  let inline = false;
  if (viewer.expires !== undefined || viewer.signature !== undefined) {
    if (viewer.expires === undefined || viewer.signature === undefined)
      throw new IngestError('VIEWER_URL_INVALID');
    const check = checkViewerUrl(
      viewerKey(deps.config.INTERNAL_API_TOKEN),
      id,
      orgId,
      viewer.expires,
      viewer.signature,
    );
    if (check === 'forged') throw new IngestError('VIEWER_URL_INVALID');
    if (check === 'expired') throw new IngestError('VIEWER_URL_EXPIRED');
    inline = true;
  }
  const file = await findDeckFile(em, orgId, id);
  if (!file) throw new IngestError('DECK_NOT_FOUND');
  return { file, inline };
}

/** One attachment of a record's email, in the caller's organization only. */
export async function openEmailAttachment(
  em: EntityManager,
  orgId: number,
  id: number,
  attachmentId: number,
) {
  const file = await findAttachmentFile(em, orgId, id, attachmentId);
  if (!file) throw new IngestError('ATTACHMENT_NOT_FOUND');
  return file;
}
