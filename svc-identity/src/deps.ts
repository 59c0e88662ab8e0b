import type { SqlReader } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import type { TMailer, TLoggerLike } from './repositories/mailer.js';
import type { TThrottle } from './security/throttle.js';
import type { TJwtSigner } from './security/jwt.js';

/** What use-cases need besides the EntityManager: built once in app.ts. */
export interface TIdentityDeps {
  config: TConfig;
  /** Prepared statements for the per-request session reads (repositories/sessions.ts). */
  sql: SqlReader;
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
