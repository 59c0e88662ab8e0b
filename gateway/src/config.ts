import { fileURLToPath } from 'node:url';
import { ZBaseConfig, loadConfig } from '@dealflow/service-kit';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const url = (fallback: string) => z.url().default(fallback);
const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v))
  .pipe(z.url().optional());

/**
 * The gateway has no database and no broker: of the base variables it reads HOST, PORT, LOG_LEVEL,
 * PUBLIC_URL, INTERNAL_API_TOKEN and REDIS_URL. Upstreams and remotes are plain URLs so the same image
 * runs on one machine (127.0.0.1 ports) and in a cluster (service DNS names).
 */
export const ZGatewayConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  IDENTITY_URL: url('http://127.0.0.1:4001'),
  BILLING_URL: url('http://127.0.0.1:4002'),
  INGEST_URL: url('http://127.0.0.1:4003'),
  CRM_URL: url('http://127.0.0.1:4004'),
  /** Where each remote's static files are served (the gateway proxies /remotes/<folder>/ to it). */
  REMOTE_MFE_AUTH_URL: url('http://127.0.0.1:5001'),
  REMOTE_MFE_TEAM_URL: url('http://127.0.0.1:5002'),
  REMOTE_MFE_BILLING_URL: url('http://127.0.0.1:5003'),
  REMOTE_MFE_RECORDS_URL: url('http://127.0.0.1:5004'),
  /** Optional: a manifest URL served elsewhere (a CDN) instead of /remotes/<folder>/mf-manifest.json. */
  REMOTE_MFE_AUTH_MANIFEST: optionalUrl,
  REMOTE_MFE_TEAM_MANIFEST: optionalUrl,
  REMOTE_MFE_BILLING_MANIFEST: optionalUrl,
  REMOTE_MFE_RECORDS_MANIFEST: optionalUrl,
  /** The built shell (index.html and its assets). */
  SHELL_DIST: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v : fileURLToPath(new URL('../../shell/dist', import.meta.url)))),
  /** Time for an upstream to send its response headers (and between body chunks) before a 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(50).default(15_000),
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).default(128),
  /** Largest request body passed upstream (mail webhooks carry attachments). */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(26_214_400),
  /** Identity answers are cached this long for GET/HEAD requests (never past the JWT's expiry). */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(2000),
  SESSION_CACHE_MAX: z.coerce.number().int().min(1).default(10_000),
  /** Requests per IP per window on /api/* (generous) and on login, register and forgot-password (strict). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Key prefix of the counters in Redis (shared by every gateway replica). */
  RATE_LIMIT_NAMESPACE: z.string().min(1).default('dealflow-gateway-rl:'),
  /** With Redis, /api/* hits are added to the shared counters in one write per this many ms (login etc.: each hit). */
  RATE_LIMIT_FLUSH_MS: z.coerce.number().int().min(1).max(1000).default(20),
  /** Behind an ingress/load balancer: take the client IP and protocol from X-Forwarded-*. */
  TRUST_PROXY: flag,
  /** Extra origins allowed in CSP frame-src (the landing page's demo video). */
  CSP_FRAME_SRC: z.string().default('https://www.youtube-nocookie.com https://player.vimeo.com'),
});
export type TGatewayConfig = z.infer<typeof ZGatewayConfig>;

export const loadGatewayConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(ZGatewayConfig, env);
