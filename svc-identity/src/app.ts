import { createService, type Service, type TRouter } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { createDeps, type TActor, type TIdentityDeps } from './deps.js';
import { identityEntities } from './entities/index.js';
import { identityMigrations } from './migrations/index.js';
import { createConsumers } from './events/index.js';
import { authenticateSession } from './security/authenticate.js';
import { warmPasswordHasher } from './security/passwords.js';
import { deleteExpiredCredentials } from './repositories/session.repository.js';
import { authRoutes } from './routes/auth.js';
import { invitationRoutes } from './routes/invitations.js';
import { organizationRoutes } from './routes/organizations.js';
import { userRoutes } from './routes/user.js';
import { internalRoutes } from './routes/internal.js';
import { googleRoutes } from './routes/google.js';
import { refusePrivilegedInput } from './routes/privileged-input.js';

function registerRoutes(router: TRouter<TActor>, deps: TIdentityDeps): void {
  refusePrivilegedInput(router.app);
  authRoutes(router, deps);
  invitationRoutes(router, deps);
  organizationRoutes(router, deps);
  userRoutes(router, deps);
  internalRoutes(router, deps);
  googleRoutes(router, deps);
}

/** Builds svc-identity (no listen): tests call app.inject, server.ts runs it. */
export async function buildApp(config: TConfig, overrides: Partial<TIdentityDeps> = {}) {
  let housekeeping: NodeJS.Timeout | undefined;
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
    onStart: async (deps) => {
      await warmPasswordHasher();
      const sweep = () =>
        deleteExpiredCredentials(deps.orm.em.fork()).catch((err: unknown) =>
          deps.logger.warn({ err }, 'expired credential sweep failed'),
        );
      void sweep();
      housekeeping = setInterval(() => void sweep(), 3_600_000);
      housekeeping.unref();
    },
    onStop: async (deps) => {
      if (housekeeping) clearInterval(housekeeping);
      deps.mailer.close();
    },
  });
  await warmPasswordHasher();
  return service;
}
