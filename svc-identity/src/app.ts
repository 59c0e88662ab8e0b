import { createService, type Service, type TRouter } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { createDeps, type TActor, type TIdentityDeps } from './deps.js';
import { identityEntities } from './entities/index.js';
import { identityMigrations } from './migrations/index.js';
import { createConsumers } from './events/index.js';
import { authenticateSession } from './security/authenticate.js';
import { warmPasswordHasher } from './security/passwords.js';
import { warmCommonPasswords } from './security/common-passwords.js';
import { deleteExpiredCredentials } from './repositories/session.repository.js';
import { sendWeeklyDigests } from './use-cases/send-weekly-digests.js';
import { authRoutes } from './routes/auth.js';
import { invitationRoutes } from './routes/invitations.js';
import { organizationRoutes } from './routes/organizations.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { userRoutes } from './routes/user.js';
import { internalRoutes } from './routes/internal.js';
import { googleRoutes } from './routes/google.js';
import { twoFactorRoutesOf } from './routes/two-factor.js';
import { deleteExpiredChallenges } from './repositories/two-factor.repository.js';
import { accountRoutesOf } from './routes/account.js';
import { refusePrivilegedInput } from './routes/privileged-input.js';
import { activityLogRoutes } from './routes/activity.js';
import { trackRequestMeta } from './request-context.js';
import { supportRoutes } from './routes/support.js';

function registerRoutes(router: TRouter<TActor>, deps: TIdentityDeps): void {
  refusePrivilegedInput(router.app);
  // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form: read as text and unused
  // (the token is in the query); no other route declares a body of this type, so they still refuse it.
  router.app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );
  trackRequestMeta(router.app, deps.config);
  authRoutes(router, deps);
  invitationRoutes(router, deps);
  organizationRoutes(router, deps);
  apiKeyRoutes(router);
  userRoutes(router, deps);
  internalRoutes(router, deps);
  googleRoutes(router, deps);
  accountRoutesOf(router, deps);
  activityLogRoutes(router, deps);
  twoFactorRoutesOf(router, deps);
  supportRoutes(router, deps);
}

/** Builds svc-identity (no listen): tests call app.inject, server.ts runs it. */
export async function buildApp(config: TConfig, overrides: Partial<TIdentityDeps> = {}) {
  const service: Service<TConfig, TIdentityDeps> = await createService({
    name: 'identity',
    config,
    entities: identityEntities,
    migrations: identityMigrations,
    bodyLimit: 64 * 1024,
    deps: (ctx) => createDeps(ctx, config, overrides),
    // Identity authenticates the session token itself (cookie or bearer), not the gateway's JWT. Requests
    // are only served once createService has returned, so `service.deps` exists by then.
    authenticate: (request) => authenticateSession(request, service.deps),
    routes: registerRoutes,
    consumers: createConsumers,
    schedules: [
      {
        name: 'expired-credential-sweep',
        everyMs: 3_600_000,
        runAtStart: true,
        run: (deps) =>
          Promise.all([
            deleteExpiredCredentials(deps.orm.em.fork()),
            deleteExpiredChallenges(deps.orm.em.fork()),
          ]),
      },
      {
        // Last week's digests go out in the first hour of Monday (UTC), or at the first start after it.
        name: 'weekly-digests',
        everyMs: 3_600_000,
        runAtStart: true,
        run: (deps) => sendWeeklyDigests(deps.orm.em.fork(), deps),
      },
    ],
    onStart: async () => {
      await warmPasswordHasher();
      warmCommonPasswords();
    },
    onStop: async (deps) => {
      deps.mailer.close();
    },
  });
  await warmPasswordHasher();
  return service;
}
