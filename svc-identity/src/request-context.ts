import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from './config.js';
import type { TRequestMeta } from './deps.js';
import { requestMeta } from './routes/session-cookie.js';

const store = new AsyncLocalStorage<TRequestMeta>();

/**
 * Makes the request's client IP and user agent available to whatever runs for it (the activity log reads
 * them), so use-cases need no extra parameter for them. Entered in preHandler: after the body is parsed
 * (a stream callback there would lose the context), and the handler runs inside `done`.
 */
export function trackRequestMeta(app: FastifyInstance, config: TConfig): void {
  app.addHook('preHandler', (request, _reply, done) => {
    store.run(requestMeta(request, config), done);
  });
}

/** The current request's IP and user agent; null outside a request (a Kafka consumer, a timer). */
export const currentRequestMeta = (): TRequestMeta | null => store.getStore() ?? null;
