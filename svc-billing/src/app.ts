import { createService } from '@dealflow/service-kit';
import type { TConfig } from './config.js';
import { createDeps, type TBillingOverrides } from './deps.js';
import { entities } from './entities/index.js';
import { createConsumers } from './events/index.js';
import { migrations } from './migrations/index.js';
import { registerRoutes } from './routes/index.js';

export const buildApp = (config: TConfig, overrides?: TBillingOverrides) =>
  createService({
    name: 'billing',
    config,
    entities,
    migrations,
    deps: (ctx) => createDeps(ctx, config, overrides),
    routes: registerRoutes,
    consumers: createConsumers,
    onStop: (deps) => deps.identity.close(),
  });
