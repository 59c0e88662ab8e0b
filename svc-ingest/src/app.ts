import { createService } from '@dealflow/service-kit';
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
  const timers: NodeJS.Timeout[] = [];
  return createService({
    name: 'ingest',
    config,
    entities,
    migrations,
    deps: (ctx) => createDeps(ctx, config, overrides),
    routes: registerRoutes,
    consumers: createConsumers,
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
      timers.push(...startBackgroundTasks(deps));
    },
    onStop: async () => {
      for (const timer of timers) clearInterval(timer);
      await closeDeckPool();
      await closeMailPool();
    },
  });
}

/** The held-email sweep (with the re-publishing of lost events), the mailbox auto-scan and Integration 2's scheduled sync: each tick skipped while the previous one still runs. */
function startBackgroundTasks(deps: TIngestDeps): NodeJS.Timeout[] {
  const { orm, config, logger } = deps;
  const every = (ms: number, name: string, task: () => Promise<unknown>) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      task()
        .catch((err: unknown) => logger.warn({ err }, `${name} failed`))
        .finally(() => (running = false));
    }, ms);
    timer.unref();
    return timer;
  };
  return [
    every(config.limits.sweepIntervalMs, 'held-email sweep', async () => {
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
    }),
    every(config.mailbox.scanTickMs, 'mailbox auto-scan', () => scanDueMailboxes(orm.em.fork(), deps)),
    every(config.xero.syncTickMs, 'accounting sync', () => syncDueAccounting(orm.em.fork(), deps)),
  ];
}
