import { createService, type ScheduleDefinition } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { closeDeckPool } from './domain/deck/deck-pool.js';
import { closeMailPool } from './domain/mail/mail-pool.js';
import { createDeps, type TIngestDeps, type TIngestOverrides } from './deps.js';
import { entities } from './entities/index.js';
import { createConsumers } from './events/index.js';
import { migrations } from './migrations/index.js';
import { registerRoutes } from './routes/index.js';
import {
  releaseAllHeldEmails,
  requeueStalledEmails,
  STALLED_AFTER_MS,
} from './use-cases/release-held-emails.js';
import { reannounceExtractedDecks } from './use-cases/reannounce-extracted-decks.js';
import { ocrInstalled } from './domain/ocr/ocr-engine.js';
import { scanDueMailboxes } from './use-cases/scan-mailbox.js';
import { syncDueAccounting } from './use-cases/sync-accounting.js';
import { sealPlaintextWebhookSecrets } from './use-cases/seal-webhook-secrets.js';

/** svc-ingest: mail intake (webhook, IMAP), deck parsing, extraction, records, usage limit. */
export function buildApp(config: TConfig, overrides: TIngestOverrides = {}) {
  return createService({
    name: 'ingest',
    config,
    entities,
    migrations,
    deps: (ctx) => createDeps(ctx, config, overrides),
    routes: registerRoutes,
    consumers: createConsumers,
    schedules: schedulesOf(config),
    onStart: async (deps) => {
      if (!deps.secretBox)
        deps.logger.warn(
          'MAILBOX_ENCRYPTION_KEY is not set: mailbox and accounting credentials cannot be stored, and webhook secrets stay unsealed',
        );
      const sealed = await sealPlaintextWebhookSecrets(deps.orm.em.fork(), deps);
      if (sealed > 0) deps.logger.info({ sealed }, 'webhook secrets stored in plaintext are now sealed');
      deps.logger.info({ extractor: deps.extractor.name }, 'deck extractor');
      const ocr = ocrInstalled();
      if (!ocr.ok)
        deps.logger.warn(
          { missing: ocr.missing },
          'OCR is off: its optional packages are not installed (decks whose pages are pictures only get "no text found ... (OCR is off)")',
        );
    },
    onStop: async () => {
      await closeDeckPool();
      await closeMailPool();
    },
  });
}

/**
 * The held-email sweep (with the re-publishing of lost events), the mailbox auto-scan and Integration 2's
 * scheduled sync: the kit's schedules (never two runs of one at once, stopped on shutdown, counted).
 */
function schedulesOf(config: TConfig): ScheduleDefinition<TIngestDeps>[] {
  return [
    {
      name: 'held-email-sweep',
      everyMs: config.limits.sweepIntervalMs,
      run: async ({ orm, logger }) => {
        await releaseAllHeldEmails(orm.em.fork());
        await orm.em
          .fork()
          .transactional((em) =>
            requeueStalledEmails(em, STALLED_AFTER_MS, config.limits.pendingRepublishAfterMs),
          );
        const { reannounced, exhausted } = await orm.em
          .fork()
          .transactional((em) => reannounceExtractedDecks(em, config.limits.dealReannounceAfterMs));
        if (reannounced.length > 0)
          logger.info(
            { count: reannounced.length, emailIds: reannounced.slice(0, 20) },
            'ingest.deck.extracted announced again: completed records without a CRM outcome',
          );
        if (exhausted.length > 0)
          logger.warn(
            { emailIds: exhausted },
            'completed records still without a CRM outcome after their last announcement: not announced again',
          );
      },
    },
    {
      name: 'mailbox-auto-scan',
      everyMs: config.mailbox.scanTickMs,
      run: (deps) => scanDueMailboxes(deps.orm.em.fork(), deps),
    },
    {
      name: 'accounting-sync',
      everyMs: config.xero.syncTickMs,
      run: (deps) => syncDueAccounting(deps.orm.em.fork(), deps),
    },
  ];
}
