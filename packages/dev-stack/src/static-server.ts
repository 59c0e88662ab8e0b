import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

export interface StaticServer {
  port: number;
  url: string;
  isRunning(): boolean;
  start(): Promise<void>;
  /** Closes the listener and every open connection (the gateway's keep-alive sockets too). */
  stop(): Promise<void>;
}

/**
 * A remote's static server: its `dist/` with CORS (the manifest and chunks may be fetched cross-origin
 * when a remote is loaded from its own port), immutable caching for content-hashed files.
 */
export async function startStaticServer(
  root: string,
  port: number,
  host = '127.0.0.1',
): Promise<StaticServer> {
  let server: Server | null = null;
  const handler: Parameters<typeof createServer>[1] = (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.setHeader('access-control-allow-methods', 'GET, HEAD, OPTIONS');
      response.writeHead(204).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { 'content-type': 'application/json' }).end('{"message":"Method not allowed"}');
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"Bad path"}');
      return;
    }
    const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
    if (
      !file.startsWith(root.endsWith(sep) ? root : root + sep) ||
      !existsSync(file) ||
      !statSync(file).isFile()
    ) {
      const message = existsSync(root) ? 'Not found' : `Not built: ${root} is missing (run npm run build)`;
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
      return;
    }
    const stat = statSync(file);
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': stat.size,
      'cache-control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(file).pipe(response);
  };

  const start = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const next = createServer(handler);
      next.keepAliveTimeout = 5000;
      next.once('error', reject);
      next.listen(port, host, () => {
        server = next;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (!current) return resolve();
      current.close(() => resolve());
      current.closeAllConnections();
    });

  await start();
  return { port, url: `http://${host}:${port}`, isRunning: () => server !== null, start, stop };
}
