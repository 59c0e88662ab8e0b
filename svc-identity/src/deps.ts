import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { ServiceContext, TActorBase } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import {
  createSessionReader,
  type TLiveSessionRow,
  type TSessionReader,
} from './repositories/session.queries.js';
import { createMailer, type TLoggerLike, type TMailer } from './providers/mailer.js';
import { createThrottle, type TThrottle } from './security/throttle.js';
import { createAccountThrottle, type TAccountThrottle } from './security/account-throttle.js';
import { createJwtSigner, type TJwtSigner } from './security/jwt.js';
import { createSecretBox, type TSecretBox } from '@dealflow/service-kit';
import { createRecoveryCodeHasher } from './security/two-factor.js';

/** What routes, use-cases and consumers need besides the EntityManager: built once, after the ORM. */
export interface TIdentityDeps {
  config: TConfig;
  orm: MikroORM;
  /** The per-request session read, batched on a prepared statement (repositories/session.queries.ts). */
  sessions: TSessionReader;
  mailer: TMailer;
  throttle: TThrottle;
  /** Verification resends and email change requests (security/account-throttle.ts). */
  accountThrottle: TAccountThrottle;
  jwt: TJwtSigner;
  /** The HMAC key of the OIDC state cookie: derived from the JWT key so every replica agrees. */
  oidcStateSecret: string;
  /** The HMAC key of the notification emails' unsubscribe links: derived from the JWT key like the above. */
  unsubscribeSecret: string;
  logger: TLoggerLike;
  /** Two-factor: seals TOTP secrets at rest and digests recovery codes (TWO_FACTOR_ENCRYPTION_KEY). */
  twoFactor: { secretBox: TSecretBox; hashRecoveryCode: (code: string) => string };
}

/**
 * The signed-in user making a request, resolved from the df_session cookie or the bearer token on
 * identity's own database (security/authenticate.ts): role and organization are as of this request.
 */
export interface TActor extends TActorBase {
  sessionId: number;
  tokenHash: string;
  /** The token as presented: GET /api/auth/me answers it as `sessionId`. */
  token: string;
  /** The row the actor was read from: /me and logout answer from it without a second read. */
  live: TLiveSessionRow;
  /** A guest checkout's auto-login not yet verified by the emailed link (the kit's requireVerifiedSession). */
  sessionUnverified: boolean;
  /** The session's last password check or sign-in (the kit's requireRecentAuthentication). */
  authenticatedAt: Date | null;
}

export interface TRequestMeta {
  ip: string;
  userAgent: string | null;
}

export function createDeps(
  ctx: ServiceContext<TConfig>,
  config: TConfig,
  overrides: Partial<TIdentityDeps> = {},
): TIdentityDeps {
  const jwt = overrides.jwt ?? createJwtSigner(config.jwt.privateKey);
  if (jwt.isEphemeral)
    ctx.logger.warn('IDENTITY_JWT_PRIVATE_KEY is not set: using an ephemeral key pair (development only)');
  return {
    config,
    orm: ctx.orm,
    sessions: createSessionReader(ctx.sql, config.session),
    jwt,
    oidcStateSecret: createHash('sha256')
      .update(`dealflow-identity:oidc-state:${config.jwt.privateKey ?? randomBytes(32).toString('hex')}`)
      .digest('hex'),
    unsubscribeSecret: createHash('sha256')
      .update(`dealflow-identity:unsubscribe:${config.jwt.privateKey ?? randomBytes(32).toString('hex')}`)
      .digest('hex'),
    logger: ctx.logger,
    mailer: createMailer({ ...config.mail, supportEmail: config.supportEmail, logger: ctx.logger }),
    throttle: createThrottle({ redis: ctx.redis, ...config.throttle }),
    twoFactor: {
      secretBox: createSecretBox(config.twoFactor.encryptionKey),
      hashRecoveryCode: createRecoveryCodeHasher(config.twoFactor.encryptionKey),
    },
    accountThrottle: createAccountThrottle({ redis: ctx.redis }),
    ...overrides,
  };
}
