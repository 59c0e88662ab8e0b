import { fileURLToPath } from 'node:url';
import type { TServiceName } from '@dealflow/contracts';
import {
  ZBaseConfig,
  blankIsUnset,
  loadConfig,
  refuseDevelopmentDefaults,
  urlList,
} from '@dealflow/service-kit';
import { z } from 'zod';

const flag = blankIsUnset(z.enum(['true', 'false', '1', '0'])).transform((v) => v === 'true' || v === '1');
/**
 * One URL, or several separated by commas: the instances of one service or remote behind this gateway (a
 * local rolling restart; in a cluster one Service URL stands for all replicas).
 */
const urls = urlList;
const optionalUrl = blankIsUnset(z.url());

/**
 * The environment as .env.example, the charts and dev-stack set it (flat names). The gateway has no
 * database and no broker: of the base variables it reads HOST, PORT, LOG_LEVEL, PUBLIC_URL,
 * INTERNAL_API_TOKEN and REDIS_URL. Upstreams and remotes are plain URLs so the same image runs on one
 * machine (127.0.0.1 ports) and in a cluster (service DNS names).
 */
const ZGatewayEnv = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  IDENTITY_URL: urls('http://127.0.0.1:4001'),
  BILLING_URL: urls('http://127.0.0.1:4002'),
  INGEST_URL: urls('http://127.0.0.1:4003'),
  CRM_URL: urls('http://127.0.0.1:4004'),
  /** Where each remote's static files are served (the gateway proxies /remotes/<folder>/ to it; one URL or several). */
  REMOTE_MFE_AUTH_URL: urls('http://127.0.0.1:5001'),
  REMOTE_MFE_TEAM_URL: urls('http://127.0.0.1:5002'),
  REMOTE_MFE_BILLING_URL: urls('http://127.0.0.1:5003'),
  REMOTE_MFE_RECORDS_URL: urls('http://127.0.0.1:5004'),
  /** Optional: a manifest URL served elsewhere (a CDN) instead of /remotes/<folder>/mf-manifest.json. */
  REMOTE_MFE_AUTH_MANIFEST: optionalUrl,
  REMOTE_MFE_TEAM_MANIFEST: optionalUrl,
  REMOTE_MFE_BILLING_MANIFEST: optionalUrl,
  REMOTE_MFE_RECORDS_MANIFEST: optionalUrl,
  /** The built shell (index.html and its assets). */
  SHELL_DIST: blankIsUnset(z.string()).default(fileURLToPath(new URL('../../shell/dist', import.meta.url))),
  /** Time for an upstream to send its response headers (and between body chunks) before a 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(50).default(15_000),
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).default(128),
  /** With several URLs for one service, how often each instance's /readyz is asked (0: never). */
  UPSTREAM_HEALTH_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * Largest request body passed upstream: a mail webhook's form carrying a 25 MB message (Mailgun's largest,
   * svc-ingest's MAIL_MAX_BYTES) with the form's own fields (svc-ingest allows 64 KB for them).
   */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(26_279_936),
  /** Identity answers are cached this long for GET/HEAD requests (never past the JWT's expiry). */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(2000),
  SESSION_CACHE_MAX: z.coerce.number().int().min(1).default(10_000),
  /** Redis pub/sub channel on which the replicas tell each other which cached sessions to drop. */
  SESSION_EVICTION_CHANNEL: z.string().min(1).default('dealflow-gateway:session-evictions'),
  /** Requests per IP per window on /api/* (generous) and on login, register and forgot-password (strict). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Key prefix of the counters in Redis (shared by every gateway replica). */
  RATE_LIMIT_NAMESPACE: z.string().min(1).default('dealflow-gateway-rl:'),
  /** With Redis, /api/* hits are added to the shared counters in one write per this many ms (login etc.: each hit). */
  RATE_LIMIT_FLUSH_MS: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * Webhooks (signed by their sender, checked by the service): requests per client IP per window, and
   * per organization address (the mail webhook's `?recipient=`), before any authentication.
   */
  WEBHOOK_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  MAIL_WEBHOOK_RECIPIENT_MAX: z.coerce.number().int().min(1).default(120),
  /** Requests per organization API key per window, whatever the client IP (shared by the replicas through Redis). */
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  /** A webhook without the credential headers its sender sends (webhook-credentials.ts) can only be refused: it gets this many bytes. */
  WEBHOOK_UNSIGNED_MAX_BYTES: z.coerce.number().int().min(1024).default(65_536),
  /** Time for a whole request body to arrive (slow bodies hold an upstream connection). */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Behind an ingress/load balancer: take the client IP and protocol from X-Forwarded-*. */
  TRUST_PROXY: flag,
  /** Extra origins allowed in CSP frame-src (the landing page's demo video). */
  CSP_FRAME_SRC: z.string().default('https://www.youtube-nocookie.com https://player.vimeo.com'),
}).superRefine(refuseDevelopmentDefaults());
type TGatewayEnv = z.infer<typeof ZGatewayEnv>;

/** The four Module Federation remotes: MF name, folder (URL segment), static server and manifest URL. */
export interface TRemote {
  name: 'mfe_auth' | 'mfe_team' | 'mfe_billing' | 'mfe_records';
  folder: 'mfe-auth' | 'mfe-team' | 'mfe-billing' | 'mfe-records';
  /** Its static server's instances (one URL in a cluster: the remote's Service). */
  origins: readonly string[];
  manifest: string;
}

const remote = (
  name: TRemote['name'],
  folder: TRemote['folder'],
  origins: readonly string[],
  manifest?: string,
) => ({
  name,
  folder,
  origins,
  manifest: manifest ?? `/remotes/${folder}/mf-manifest.json`,
});

/** The parsed environment grouped for the plugins that read it (immich's config.repository.ts). */
const groupForReaders = (env: TGatewayEnv) => ({
  server: {
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    maxBodyBytes: env.MAX_BODY_BYTES,
  },
  bodies: {
    maxBytes: env.MAX_BODY_BYTES,
    unsignedWebhookMaxBytes: env.WEBHOOK_UNSIGNED_MAX_BYTES,
    timeoutMs: env.BODY_TIMEOUT_MS,
  },
  /** Each service's base URL, by the owner names of the contracts' route tables. */
  upstreams: {
    identity: env.IDENTITY_URL,
    billing: env.BILLING_URL,
    ingest: env.INGEST_URL,
    crm: env.CRM_URL,
  } satisfies Record<TServiceName, readonly string[]>,
  proxy: {
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    connections: env.UPSTREAM_CONNECTIONS,
    healthIntervalMs: env.UPSTREAM_HEALTH_INTERVAL_MS,
  },
  session: {
    identityUrls: env.IDENTITY_URL,
    healthIntervalMs: env.UPSTREAM_HEALTH_INTERVAL_MS,
    internalToken: env.INTERNAL_API_TOKEN,
    ttlMs: env.SESSION_CACHE_TTL_MS,
    maxEntries: env.SESSION_CACHE_MAX,
    // Sign-in waits on this call: a shorter limit than the upstreams' own.
    timeoutMs: Math.min(env.UPSTREAM_TIMEOUT_MS, 5000),
    evictionChannel: env.SESSION_EVICTION_CHANNEL,
  },
  redis: { redisUrl: env.REDIS_URL },
  rateLimits: {
    /** Unset: counted in memory, per replica. */
    redisUrl: env.REDIS_URL,
    namespace: env.RATE_LIMIT_NAMESPACE,
    flushMs: env.RATE_LIMIT_FLUSH_MS,
    api: { max: env.RATE_LIMIT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_MS },
    auth: { max: env.RATE_LIMIT_AUTH_MAX, timeWindow: env.RATE_LIMIT_WINDOW_MS },
    webhook: { max: env.WEBHOOK_RATE_LIMIT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_MS },
    mailRecipient: { max: env.MAIL_WEBHOOK_RECIPIENT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_MS },
    apiKey: { max: env.API_KEY_RATE_LIMIT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_MS },
  },
  remotes: [
    remote('mfe_auth', 'mfe-auth', env.REMOTE_MFE_AUTH_URL, env.REMOTE_MFE_AUTH_MANIFEST),
    remote('mfe_team', 'mfe-team', env.REMOTE_MFE_TEAM_URL, env.REMOTE_MFE_TEAM_MANIFEST),
    remote('mfe_billing', 'mfe-billing', env.REMOTE_MFE_BILLING_URL, env.REMOTE_MFE_BILLING_MANIFEST),
    remote('mfe_records', 'mfe-records', env.REMOTE_MFE_RECORDS_URL, env.REMOTE_MFE_RECORDS_MANIFEST),
  ] satisfies TRemote[],
  shell: { dist: env.SHELL_DIST },
  securityHeaders: { frameSrc: env.CSP_FRAME_SRC.split(/\s+/).filter(Boolean) },
});

export const ZGatewayConfig = ZGatewayEnv.transform(groupForReaders);
export type TGatewayConfig = z.output<typeof ZGatewayConfig>;

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(ZGatewayConfig, env);
