import { runService } from '@dealflow/service-kit';
import { buildApp } from './app.js';
import { loadServiceConfig } from './config.js';

await runService(() => buildApp(loadServiceConfig()));
