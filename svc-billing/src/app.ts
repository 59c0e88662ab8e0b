import { createService } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { createDeps, type TBillingOverrides } from './deps.js';
import { entities } from './entities/index.js';
import { createConsumers } from './events/index.js';
import { migrations } from './migrations/index.js';
import { registerRoutes } from './routes/index.js';
import { reconcileSeats } from './use-cases/reconcile-seats.js';

export const buildApp = (config: TConfig, overrides?: TBillingOverrides) =>
  createService({
    name: 'billing',
    config,
    entities,
    migrations,
    deps: (ctx) => createDeps(ctx, config, overrides),
    routes: registerRoutes,
    consumers: createConsumers,
    // Replicas may reconcile at the same time (member-count versions make it idempotent); one replica never
    // runs two at once (the kit plans the next run when the previous ended). 0 turns it off.
    schedules: [
      {
        name: 'seat-reconciliation',
        everyMs: config.identity.reconcileIntervalMs,
        run: (deps) => reconcileSeats(deps.orm.em.fork(), {}, deps),
      },
    ],
    onStop: async (deps) => {
      await deps.identity.close();
    },
  });
