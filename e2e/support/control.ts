import { createServer } from 'node:http';
import type { Stack, TRemoteFolder } from '@dealflow/dev-stack';
import type { CapturedMail } from './smtp.js';

/**
 * The stack, the SMTP capture and the remotes' servers live in the global-setup process; tests run in
 * workers. This small HTTP server on 127.0.0.1 lets the fixtures reach them: GET /mail,
 * POST /remotes/<folder>/stop|start.
 */
export async function startControlServer(stack: Stack, messages: CapturedMail[]) {
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(request.url ?? '/', 'http://control');
    if (request.method === 'GET' && url.pathname === '/mail') return send(200, messages);
    const remote = /^\/remotes\/(mfe-[a-z]+)\/(stop|start)$/.exec(url.pathname);
    if (request.method === 'POST' && remote && remote[1] && remote[1] in stack.remotes) {
      const folder = remote[1] as TRemoteFolder;
      const action = remote[2] === 'stop' ? stack.stopRemote(folder) : stack.startRemote(folder);
      action.then(
        () => send(200, { ok: true }),
        (error: Error) => send(500, { message: error.message }),
      );
      return;
    }
    send(404, { message: 'unknown control route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
