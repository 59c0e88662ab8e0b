import type { MikroORM } from '@mikro-orm/core';
import type { ServiceContext, TOutboundOptions } from '@dealflow/service-kit';
import type { Logger } from 'pino';
import type { TConfig } from './config.js';
import { createSecretBox, type TSecretBox } from '@dealflow/service-kit';
import { createExtractor } from './providers/create-extractor.js';
import type { TExtractor } from './domain/extraction/extractor.js';

/** What ingest's routes, consumers and background tasks are given (built once, after the ORM). */
export interface TIngestDeps {
  config: TConfig;
  orm: MikroORM;
  logger: Logger;
  extractor: TExtractor;
  /** null without MAILBOX_ENCRYPTION_KEY: credentials cannot be stored then. */
  secretBox: TSecretBox | null;
  /** How the service reaches outside hosts it is told of (SNS certificates and subscriptions). */
  outbound: TOutboundOptions;
  /** Aborted when the service begins to stop (service-kit's ctx.stopping). */
  stopping: AbortSignal;
}

export interface TIngestOverrides {
  /** Tests: a counting extractor, or one whose answers they hold. */
  extractor?: TExtractor;
  /** Tests: name resolution and the test-only allow list, to reach a local stand-in for an outside host. */
  outbound?: TOutboundOptions;
}

export function createDeps(
  ctx: ServiceContext<TConfig>,
  config: TConfig,
  overrides: TIngestOverrides = {},
): TIngestDeps {
  const { baseUrl, apiKey, model } = config.openai;
  return {
    config,
    orm: ctx.orm,
    logger: ctx.logger,
    extractor:
      overrides.extractor ??
      createExtractor({ OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: apiKey, OPENAI_MODEL: model }),
    outbound: overrides.outbound ?? {},
    stopping: ctx.stopping,
    secretBox: config.mailbox.encryptionKey ? createSecretBox(config.mailbox.encryptionKey) : null,
  };
}
