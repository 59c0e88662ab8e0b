// A tiny static server for developing and measuring the shell without the gateway: shell/dist with the
// SPA fallback, each built remote under /remotes/<folder>/, /remotes.json, and /api/* either proxied to
// API_ORIGIN (e.g. a running gateway) or answered 401/404 JSON (a signed-out visitor).
import http from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
export const REMOTE_FOLDERS = {
  mfe_auth: 'mfe-auth',
  mfe_team: 'mfe-team',
  mfe_billing: 'mfe-billing',
  mfe_records: 'mfe-records',
};

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

function sendFile(res, file) {
  res.writeHead(200, {
    'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    'cache-control':
      file.endsWith('.html') || file.endsWith('mf-manifest.json')
        ? 'no-cache'
        : 'public, max-age=31536000, immutable',
    'access-control-allow-origin': '*',
  });
  createReadStream(file).pipe(res);
}

const isFile = (file) => existsSync(file) && statSync(file).isFile();

function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** @param {{ port?: number; apiOrigin?: string; stopped?: Set<string> }} options */
export function startStaticServer({ port = 0, apiOrigin, stopped = new Set() } = {}) {
  const shellDist = path.join(root, 'shell', 'dist');
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = decodeURIComponent(url.pathname);
    if (pathname === '/remotes.json') {
      return json(
        res,
        200,
        Object.fromEntries(
          Object.entries(REMOTE_FOLDERS).map(([name, folder]) => [
            name,
            `/remotes/${folder}/mf-manifest.json`,
          ]),
        ),
      );
    }
    const remote = /^\/remotes\/([a-z-]+)\/(.*)$/.exec(pathname);
    if (remote) {
      const [, folder, rest] = remote;
      const file = path.join(root, folder, 'dist', path.normalize(rest).replace(/^(\.\.(\/|\\|$))+/, ''));
      if (stopped.has(folder) || !isFile(file))
        return json(res, 502, { message: `Remote ${folder} is unavailable` });
      return sendFile(res, file);
    }
    if (pathname.startsWith('/api/')) {
      if (apiOrigin) {
        const upstream = http.request(
          new URL(req.url ?? '/', apiOrigin),
          { method: req.method, headers: req.headers },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', () => json(res, 502, { message: 'API unavailable' }));
        return req.pipe(upstream);
      }
      if (pathname === '/api/auth/me') return json(res, 401, { message: 'Not authenticated' });
      return json(res, 404, { message: 'Not found' });
    }
    const file = path.join(shellDist, path.normalize(pathname).replace(/^(\.\.(\/|\\|$))+/, ''));
    if (pathname !== '/' && isFile(file)) return sendFile(res, file);
    // As the gateway does: the page's readable session hint follows the HttpOnly session cookie (web-kit's
    // AuthProvider asks /api/auth/me only with it).
    const cookies = req.headers.cookie ?? '';
    const hasSession = /(?:^|;\s*)df_session=[^;]/.test(cookies);
    if (hasSession !== /(?:^|;\s*)df_session_present=/.test(cookies)) {
      res.setHeader(
        'set-cookie',
        hasSession
          ? 'df_session_present=1; Path=/; SameSite=Lax'
          : 'df_session_present=; Path=/; Max-Age=0; SameSite=Lax',
      );
    }
    return sendFile(res, path.join(shellDist, 'index.html'));
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
        server,
        stopped,
        close: () => new Promise((r) => server.close(() => r(undefined))),
      });
    });
  });
}
