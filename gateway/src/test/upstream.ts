import Fastify, { type FastifyInstance } from 'fastify';

/** What reached a test upstream. */
export interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A real upstream on a free port: records what reached it and answers `{service, url}`. */
export async function startUpstream(name: string, extra?: (app: FastifyInstance) => void) {
  const seen: Seen[] = [];
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  extra?.(app);
  app.all('/*', async (request) => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: String(request.body ?? ''),
    });
    return { service: name, url: request.url };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, seen, url: `http://127.0.0.1:${port}` };
}
