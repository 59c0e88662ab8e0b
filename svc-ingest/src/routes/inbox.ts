import { Readable } from 'node:stream';
import { ingestRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import { archiveEmail } from '../use-cases/archive-email.js';
import { bulkEmails } from '../use-cases/bulk-emails.js';
import { deleteEmail } from '../use-cases/delete-email.js';
import { exportEmailsCsv } from '../use-cases/export-emails.js';
import { listBlockedSenders } from '../use-cases/list-blocked-senders.js';
import { markNotADeck } from '../use-cases/mark-not-a-deck.js';
import { unblockSender } from '../use-cases/unblock-sender.js';

/** The inbox (issue 22): archive, delete, bulk actions, "not a deck" and the block list, the CSV export. */
export function inboxRoutes({ route }: TRouter) {
  route(ingestRoutes.archiveEmail, async ({ actor, params, request }) =>
    archiveEmail(request.em, actor.orgId, params.id, true),
  );
  route(ingestRoutes.unarchiveEmail, async ({ actor, params, request }) =>
    archiveEmail(request.em, actor.orgId, params.id, false),
  );
  route(ingestRoutes.deleteEmail, async ({ actor, params, request }) =>
    deleteEmail(request.em, actor, params.id),
  );
  route(ingestRoutes.bulkEmails, async ({ actor, body, request }) => bulkEmails(request.em, actor, body));
  route(ingestRoutes.markNotADeck, async ({ actor, params, body, request }) =>
    markNotADeck(request.em, actor, params.id, body.block),
  );
  route(ingestRoutes.blockedSenders, async ({ actor, request }) =>
    listBlockedSenders(request.em, actor.orgId),
  );
  route(ingestRoutes.unblockSender, async ({ actor, params, request }) =>
    unblockSender(request.em, actor.orgId, params.id),
  );
  route(ingestRoutes.exportEmails, async ({ actor, query, request, reply }) => {
    const lines = exportEmailsCsv(request.em, actor.orgId, query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="records-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines));
  });
}
