import { createHash, randomBytes } from 'node:crypto';
import { createService } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import type { TIdentityDeps } from './deps.js';
import { identityEntities } from './entities/index.js';
import { identityMigrations } from './migrations/index.js';
import { identityConsumers } from './events/index.js';
import { createMailer } from './repositories/mailer.js';
import { createThrottle } from './security/throttle.js';
import { createJwtSigner } from './security/jwt.js';
import { warmPasswordHasher } from './security/passwords.js';
import { createSessionReader, deleteExpiredCredentials } from './repositories/sessions.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerInvitationRoutes } from './routes/invitations.js';
import { registerOrganizationRoutes } from './routes/organizations.js';
import { registerUserRoutes } from './routes/user.js';
import { registerInternalRoutes } from './routes/internal.js';
import { registerGoogleRoutes } from './routes/google.js';
import { refusePrivilegedInput } from './routes/privileged-input.js';

/** Builds svc-identity (no listen): tests call app.inject, server.ts runs it. */
export async function buildApp(config: TConfig) {
  const jwt = createJwtSigner(config.IDENTITY_JWT_PRIVATE_KEY);
  // The OIDC state cookie's HMAC key: derived from the JWT key so every replica agrees.
  const stateSecret = createHash('sha256')
    .update(
      `dealflow-identity:oidc-state:${config.IDENTITY_JWT_PRIVATE_KEY ?? randomBytes(32).toString('hex')}`,
    )
    .digest('hex');
  let deps: TIdentityDeps | undefined;
  let housekeeping: NodeJS.Timeout | undefined;

  const service = await createService({
    name: 'identity',
    config,
    entities: identityEntities,
    migrations: identityMigrations,
    consumers: identityConsumers,
    // Identity authenticates the session token itself (cookie or bearer); it does not need the gateway's JWT.
    verifyIdentityToken: false,
    bodyLimit: 64 * 1024,
    routes: async (app, ctx) => {
      deps = {
        config,
        sessions: createSessionReader(ctx.sql),
        jwt,
        logger: ctx.logger,
        mailer: createMailer({
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          outboxDir: config.MAIL_OUTBOX_DIR,
          logger: ctx.logger,
        }),
        throttle: createThrottle({
          redis: ctx.redis,
          maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
          maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
          blockSeconds: config.LOGIN_BLOCK_SECONDS,
          passwordResetsPerHour: config.PASSWORD_RESET_MAX_PER_HOUR,
        }),
      };
      if (jwt.isEphemeral)
        ctx.logger.warn(
          'IDENTITY_JWT_PRIVATE_KEY is not set: using an ephemeral key pair (development only)',
        );
      refusePrivilegedInput(app);
      registerAuthRoutes(app, deps);
      registerInvitationRoutes(app, deps);
      registerOrganizationRoutes(app, deps);
      registerUserRoutes(app, deps);
      registerInternalRoutes(app, deps);
      registerGoogleRoutes(app, deps, stateSecret);
    },
    onStart: async (ctx) => {
      await warmPasswordHasher();
      const sweep = () =>
        deleteExpiredCredentials(ctx.orm.em.fork()).catch((err: unknown) =>
          ctx.logger.warn({ err }, 'expired credential sweep failed'),
        );
      void sweep();
      housekeeping = setInterval(() => void sweep(), 3_600_000);
      housekeeping.unref();
    },
    onStop: async () => {
      if (housekeeping) clearInterval(housekeeping);
      deps?.mailer.close();
    },
  });
  await warmPasswordHasher();
  return Object.assign(service, { deps: deps as TIdentityDeps, jwt });
}
