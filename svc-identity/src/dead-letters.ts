// Dead letters of this service's consumers: `node dist/dead-letters.js list | replay <id|--all>` (service-kit).
import { runDeadLetterCli } from '@dealflow/service-kit';
import { loadServiceConfig } from './config.js';

await runDeadLetterCli('identity', loadServiceConfig());
