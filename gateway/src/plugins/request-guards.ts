import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { refuseBody } from '../body-guard.js';
import { gatewayError } from '../errors.js';

/**
 * Before anything else: the request id goes back to the client (fastify's `genReqId` keeps a sane
 * incoming one), and a body announced larger than the limit is refused before a byte of it is read.
 *
 * After everything: a request body must never be left half read on a connection the client may use again.
 * Node discards the body of a request nobody touched once its answer is sent, but not one that was piped
 * and then let go: the proxy pipes the body into the body guard and on to undici, and when the answer comes
 * before the body was sent on (the upstream's 415 or 403 before reading it, which makes undici drop its
 * socket and the body with it; or the gateway's own refusal, 401/402/403/429/503, after the guard began
 * reading), the client's stream is left unpiped and paused. Past its 16 KB buffer Node stops reading the
 * socket, so the next request on that keep-alive connection was never read (issue 12's fuzz: ~0.1% of
 * requests with a body refused early got no answer). So an answer sent before the body has fully arrived
 * says `Connection: close` and the connection is ended after it; a body that has arrived but was not read
 * is discarded, and the connection serves on.
 */
export const requestGuards = fp<{ maxBodyBytes: number }>(
  async (app, { maxBodyBytes }) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > maxBodyBytes) return done(refuseBody(request, reply, gatewayError('BODY_TOO_LARGE')));
      done();
    });
    // `complete` is strictly compared: `app.inject`'s requests have no socket and no `complete`.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.raw.complete === false && !reply.hasHeader('connection')) refuseBody(request, reply, null);
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      if (request.raw.complete === true) discardUnread(request.raw);
      done();
    });
  },
  { name: 'gateway-request-guards' },
);

/** The rest of a body that has fully arrived but was never read (Node's own discard, for a body once piped). */
function discardUnread(raw: IncomingMessage): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}
