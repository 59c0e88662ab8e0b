import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { recordPageRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import type { TStoredFile } from '../repositories/record-page.queries.js';
import { getEmailMessage } from '../use-cases/get-email-message.js';
import { openEmailAttachment, openEmailDeck } from '../use-cases/open-email-file.js';

/** A stored file as received: its type, never sniffed; a download unless the signed viewer asks inline. */
const sendFile = (reply: FastifyReply, file: TStoredFile, inline: boolean) =>
  reply
    .type(file.contentType || 'application/octet-stream')
    .header(
      'content-disposition',
      contentDisposition(file.filename, { type: inline ? 'inline' : 'attachment' }),
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .header('content-length', String(file.content.length))
    .send(file.content);

/** The record page (issue 23 item 1): the message, the original deck and the attachments, org-scoped. */
export function recordPageRoutesFor({ route }: TRouter, deps: TIngestDeps) {
  route(recordPageRoutes.getEmailMessage, async ({ actor, params, request }) =>
    getEmailMessage(request.em, deps, actor.orgId, params.id),
  );

  route(recordPageRoutes.getEmailDeck, async ({ actor, params, query, request, reply }) => {
    const { file, inline } = await openEmailDeck(request.em, deps, actor.orgId, params.id, query);
    return sendFile(reply, file, inline);
  });

  route(recordPageRoutes.getEmailAttachment, async ({ actor, params, request, reply }) =>
    sendFile(
      reply,
      await openEmailAttachment(request.em, actor.orgId, params.id, params.attachmentId),
      false,
    ),
  );
}
