import type { ServiceContext } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { createAnalysisClient, type TAnalysisClient } from './providers/analysis-client.js';
import { createSecretBox, type TSecretBox } from '@dealflow/service-kit';
import { createCrmProviders, type CrmProvider, type TCrmProviders } from './providers/crm-provider.js';
import { createFounderMailer, type TFounderMailer } from './providers/founder-mailer.js';

/** What crm's routes and consumers are given: built once, after the ORM, the same for both. */
export interface TCrmDeps {
  /** Where each organization's deals are made: its own Affinity account when connected, else built in. */
  providers: TCrmProviders;
  /** Affinity's API address and the client's request budget (each organization brings its own key). */
  affinity: TConfig['affinity'];
  /** null without CRM_ENCRYPTION_KEY: no organization can connect Affinity then. */
  secretBox: TSecretBox | null;
  /** null without OPENAI_BASE_URL: the analysis answers 503 saying what to configure. */
  analysisClient: TAnalysisClient | null;
  /** Replies to founders; null in production without SMTP_URL (the reply answers 503). */
  founderMailer: TFounderMailer | null;
  /** The app's origin, for the built-in deal link. */
  publicUrl: string;
  /** The webhook-deliveries schedule forks its own EntityManagers from it. */
  orm: ServiceContext['orm'];
  logger: ServiceContext['logger'];
}

export interface TCrmOverrides {
  /** Tests may pass one provider for every organization; by default each organization's connection decides. */
  provider?: CrmProvider;
}

export function createDeps(
  ctx: ServiceContext<TConfig>,
  config: TConfig,
  overrides: TCrmOverrides = {},
): TCrmDeps {
  const { baseUrl, apiKey, model } = config.openai;
  const secretBox = config.affinity.encryptionKey ? createSecretBox(config.affinity.encryptionKey) : null;
  const fixed = overrides.provider;
  const deps: TCrmDeps = {
    providers: fixed
      ? { forOrganization: async () => fixed }
      : createCrmProviders(config.affinity, secretBox),
    secretBox,
    affinity: config.affinity,
    analysisClient: baseUrl ? createAnalysisClient({ baseUrl, apiKey: apiKey ?? 'not-needed', model }) : null,
    founderMailer:
      config.mail.smtpUrl || config.NODE_ENV !== 'production' ? createFounderMailer(config.mail) : null,
    publicUrl: config.PUBLIC_URL,
    orm: ctx.orm,
    logger: ctx.logger,
  };
  ctx.logger.info(
    {
      affinity: secretBox ? 'per organization' : 'off (no CRM_ENCRYPTION_KEY)',
      analysis: deps.analysisClient ? 'configured' : 'not configured',
      founderReplies: config.mail.smtpUrl
        ? 'smtp'
        : deps.founderMailer
          ? 'mail outbox folder'
          : 'off (no SMTP_URL)',
    },
    'crm providers',
  );
  return deps;
}
