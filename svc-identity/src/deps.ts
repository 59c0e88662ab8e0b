import type { TConfig } from './config.js';
import type { TSessionReader } from './repositories/sessions.js';
import type { TMailer, TLoggerLike } from './repositories/mailer.js';
import type { TThrottle } from './security/throttle.js';
import type { TJwtSigner } from './security/jwt.js';

/** What use-cases need besides the EntityManager: built once in app.ts. */
export interface TIdentityDeps {
  config: TConfig;
  /** The per-request session reads, batched on a prepared statement (repositories/sessions.ts). */
  sessions: TSessionReader;
  mailer: TMailer;
  throttle: TThrottle;
  jwt: TJwtSigner;
  logger: TLoggerLike;
}

/** The signed-in user making a request (resolved from the df_session cookie or the bearer token). */
export interface TActor {
  userId: number;
  tokenHash: string;
  sessionId: number;
  organizationId: number | null;
  role: 'owner' | 'member';
}

export interface TRequestMeta {
  ip: string;
  userAgent: string | null;
}
