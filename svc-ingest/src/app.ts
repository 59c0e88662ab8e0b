import type { MikroORM } from '@mikro-orm/core';
import { createService } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { createSecretBox } from './crypto/secret-box.js';
import { entities } from './entities/index.js';
import { createConsumers } from './events/consumers.js';
import { createExtractor } from './extraction/create-extractor.js';
import type { TExtractor } from './extraction/extractor.js';
import { Migration20261121000000 } from './migrations/Migration20261121000000.js';
import { registerEmailRoutes } from './routes/emails.js';
import { registerIntegrationRoutes } from './routes/integrations.js';
import { registerMailWebhook } from './routes/mail-webhook.js';
import {
  releaseAllHeldEmails,
  requeueStalledEmails,
  STALLED_AFTER_MS,
} from './use-cases/release-held-emails.js';
import { scanDueMailboxes } from './use-cases/scan-mailbox.js';

/** svc-ingest: mail intake (webhook, IMAP), deck parsing, extraction, records, usage limit. */
export async function buildApp(config: TConfig, overrides: { extractor?: TExtractor } = {}) {
  const extractor = overrides.extractor ?? createExtractor(config);
  const secretBox = config.MAILBOX_ENCRYPTION_KEY ? createSecretBox(config.MAILBOX_ENCRYPTION_KEY) : null;
  const timers: NodeJS.Timeout[] = [];
  let orm: MikroORM | null = null;
  return createService({
    name: 'ingest',
    config,
    entities,
    migrations: [{ name: 'Migration20261121000000', class: Migration20261121000000 }],
    consumers: createConsumers({
      extractor,
      deckMaxBytes: config.DECK_MAX_BYTES,
      orm: () => {
        if (!orm) throw new Error('the ORM is not open yet');
        return orm;
      },
    }),
    routes: async (app, ctx) => {
      orm = ctx.orm;
      const deps = { config, secretBox, logger: ctx.logger };
      await registerMailWebhook(app, {
        maxBytes: config.MAIL_MAX_BYTES,
        inboundDomain: config.INBOUND_MAIL_DOMAIN,
        internalToken: config.INTERNAL_API_TOKEN,
      });
      registerEmailRoutes(app, deps);
      registerIntegrationRoutes(app, deps);
    },
    onStart: async (ctx) => {
      if (!secretBox)
        ctx.logger.warn(
          'MAILBOX_ENCRYPTION_KEY is not set: mailbox and accounting credentials cannot be stored',
        );
      ctx.logger.info({ extractor: extractor.name }, 'deck extractor');
      const every = (ms: number, name: string, task: () => Promise<unknown>) => {
        let running = false;
        const timer = setInterval(() => {
          if (running) return;
          running = true;
          task()
            .catch((err: unknown) => ctx.logger.warn({ err }, `${name} failed`))
            .finally(() => (running = false));
        }, ms);
        timer.unref();
        timers.push(timer);
      };
      every(config.LIMIT_SWEEP_INTERVAL_MS, 'held-email sweep', async () => {
        await releaseAllHeldEmails(ctx.orm.em.fork());
        await ctx.orm.em.fork().transactional((em) => requeueStalledEmails(em, STALLED_AFTER_MS));
      });
      every(config.MAILBOX_SCAN_TICK_MS, 'mailbox auto-scan', () =>
        scanDueMailboxes(ctx.orm.em.fork(), { config, secretBox }, ctx.logger),
      );
    },
    onStop: async () => {
      for (const timer of timers) clearInterval(timer);
    },
  });
}
