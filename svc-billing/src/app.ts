import { createService } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { createDeps, type TBillingOverrides } from './deps.js';
import { entities } from './entities/index.js';
import { createConsumers } from './events/index.js';
import { migrations } from './migrations/index.js';
import { registerRoutes } from './routes/index.js';
import { reconcileSeats } from './use-cases/reconcile-seats.js';

export const buildApp = (config: TConfig, overrides?: TBillingOverrides) => {
  let reconcile: NodeJS.Timeout | undefined;
  return createService({
    name: 'billing',
    config,
    entities,
    migrations,
    deps: (ctx) => createDeps(ctx, config, overrides),
    routes: registerRoutes,
    consumers: createConsumers,
    onStart: async (deps) => {
      const ms = config.identity.reconcileIntervalMs;
      if (ms === 0) return;
      // Each tick skipped while the previous one still runs; replicas may overlap (versions make it idempotent).
      let running = false;
      reconcile = setInterval(() => {
        if (running) return;
        running = true;
        reconcileSeats(deps.orm, deps)
          .catch((err: unknown) => deps.logger.warn({ err }, 'seat reconciliation failed'))
          .finally(() => (running = false));
      }, ms);
      reconcile.unref();
    },
    onStop: async (deps) => {
      clearInterval(reconcile);
      await deps.identity.close();
    },
  });
};
