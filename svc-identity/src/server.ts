import { runService } from '@dealflow/service-kit';
import { loadServiceConfig } from './config.js';
import { buildApp } from './app.js';

await runService(() => buildApp(loadServiceConfig()));
