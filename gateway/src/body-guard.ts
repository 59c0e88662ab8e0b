import { Transform, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gatewayError } from './errors.js';

type TGatewayError = ReturnType<typeof gatewayError>;

export interface TBodyGuard {
  /** What to send upstream instead of the client's stream. */
  stream: Readable;
  /** Why the body was cut off (413, 408), once it was. */
  failure(): TGatewayError | null;
  /** The answer is out: the timeout has nothing left to guard. */
  dispose(): void;
}

/**
 * A request body passed through, never held whole: cut off past `maxBytes` (a chunked body announces no
 * length; Node enforces a declared one) or when the whole body has not arrived within `timeoutMs` (a
 * slow-loris body would hold an upstream connection open). The client's stream is only unpiped, so the
 * refusal can still be sent to it (with `Connection: close`).
 */
export function guardBody(source: Readable, options: { maxBytes: number; timeoutMs: number }): TBodyGuard {
  let seen = 0;
  let failure: TGatewayError | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > options.maxBytes) return done(cut(gatewayError('BODY_TOO_LARGE')));
      done(null, chunk);
    },
  });
  const cut = (error: TGatewayError) => {
    failure ??= error;
    clearTimeout(timer);
    source.unpipe(stream);
    source.pause();
    return error;
  };
  const timer = setTimeout(() => stream.destroy(cut(gatewayError('BODY_TIMEOUT'))), options.timeoutMs);
  source.once('end', () => clearTimeout(timer));
  source.once('close', () => clearTimeout(timer));
  // The failure is kept for failure(); whoever reads the stream (undici) hears the error itself. Without a
  // listener, a timeout on a body nobody went on to read (the gateway refused the request first) was an
  // uncaught exception: the whole gateway process exited.
  stream.on('error', () => undefined);
  source.pipe(stream);
  return { stream, failure: () => failure, dispose: () => clearTimeout(timer) };
}

/**
 * A body refused while the client may still be sending it: the answer goes out, then the connection is
 * closed (the rest of the body is never read, and a client that keeps sending holds nothing open).
 */
export function refuseBody<E>(request: FastifyRequest, reply: FastifyReply, error: E): E {
  reply.header('connection', 'close');
  const socket = request.raw.socket as typeof request.raw.socket | undefined;
  if (socket) reply.raw.once('finish', () => socket.end(() => socket.destroy()));
  return error;
}
