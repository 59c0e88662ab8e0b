import { rotateInboundAddress } from '../use-cases/rotate-inbound-address.js';
import contentDisposition from 'content-disposition';
import { accountingRoutes, ingestRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { TIngestDeps } from '../deps.js';
import { connectMailbox } from '../use-cases/connect-mailbox.js';
import { disconnectMailbox } from '../use-cases/disconnect-mailbox.js';
import {
  getAccountingSettings,
  getAccountingSyncLog,
  toAccountingSyncRun,
} from '../use-cases/get-accounting-settings.js';
import { syncAccounting } from '../use-cases/sync-accounting.js';
import { getAccountingSyncExport } from '../use-cases/get-accounting-sync-export.js';
import { getMailboxStatus } from '../use-cases/get-mailbox-status.js';
import { rotateWebhookSecretOf } from '../use-cases/rotate-webhook-secret.js';
import { revealWebhookSecret } from '../use-cases/reveal-webhook-secret.js';
import { setMailgunKey } from '../use-cases/set-mailgun-key.js';
import { testMailbox } from '../use-cases/test-mailbox.js';
import { updateAccountingSettings } from '../use-cases/update-accounting-settings.js';
import { updateMailboxSettings } from '../use-cases/update-mailbox-settings.js';

/** Integration 1 (inbound address, IMAP mailbox) and Integration 2 (accounting settings). */
export function integrationsRoutes({ route }: TRouter, deps: TIngestDeps) {
  route(ingestRoutes.mailbox, async ({ actor, request }) => getMailboxStatus(request.em, actor, deps));
  route(ingestRoutes.mailboxTest, async ({ actor, body, request }) =>
    testMailbox(request.em, actor.orgId, body, deps),
  );
  route(ingestRoutes.mailboxConnect, async ({ actor, body, request }) =>
    connectMailbox(request.em, actor, body, deps),
  );
  route(ingestRoutes.mailboxSettings, async ({ actor, body, request }) =>
    updateMailboxSettings(request.em, actor, body, deps),
  );
  route(ingestRoutes.mailboxRotateSecret, async ({ actor, request }) =>
    rotateWebhookSecretOf(request.em, actor, deps),
  );
  route(ingestRoutes.mailboxRotateAddress, async ({ actor, request }) =>
    rotateInboundAddress(request.em, actor, deps),
  );
  route(ingestRoutes.mailboxRevealSecret, async ({ actor, request }) =>
    revealWebhookSecret(request.em, actor, deps),
  );
  route(ingestRoutes.mailboxMailgunKey, async ({ actor, body, request }) =>
    setMailgunKey(request.em, actor, body, deps),
  );
  route(ingestRoutes.mailboxDisconnect, async ({ actor, request }) =>
    disconnectMailbox(request.em, actor, deps),
  );
  route(ingestRoutes.accounting, async ({ actor, request }) =>
    getAccountingSettings(request.em, actor.orgId),
  );
  route(ingestRoutes.accountingUpdate, async ({ actor, body, request }) =>
    updateAccountingSettings(request.em, actor.orgId, body, deps),
  );
  route(accountingRoutes.accountingSync, async ({ actor, request }) =>
    toAccountingSyncRun(await syncAccounting(request.em, actor.orgId, 'manual', deps)),
  );
  route(accountingRoutes.accountingSyncLog, async ({ actor, request }) =>
    getAccountingSyncLog(request.em, actor.orgId),
  );
  route(accountingRoutes.accountingSyncExport, async ({ actor, params, request, reply }) => {
    const file = await getAccountingSyncExport(request.em, actor.orgId, params.id, deps);
    return reply
      .type(file.contentType)
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'no-store')
      .send(file.body);
  });
}
