import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { gatewayError } from '../errors.js';
import { readCookie } from '../identity.js';
import { routingTable } from '../routing.js';

/** Content-hashed build output (rspack `[name].[contenthash:8].js`): cached for a year. */
const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css|mjs|woff2?|png|svg|jpg|webp)$/;

/** Paths that never fall back to the shell's index.html: they answer JSON 404s. */
const NON_PAGE_PREFIXES = [
  ...routingTable.families.map(({ family }) => `${family}/`),
  '/internal/',
  '/remotes/',
];

/**
 * The readable twin of the HttpOnly `df_session` cookie: "a session may be here". The page asks GET
 * /api/auth/me only when it is set (web-kit's AuthProvider), so a signed-out visitor's page makes no request
 * that answers 401 (a console error on every public page). Set and cleared on each document the shell
 * serves, from the cookies that came with it: the page reads it before any script runs.
 */
const SESSION_HINT = 'df_session_present';

function sessionHintCookie(request: FastifyRequest, secure: boolean): string | null {
  const hasSession = readCookie(request.headers.cookie, 'df_session') !== null;
  const hasHint = readCookie(request.headers.cookie, SESSION_HINT) !== null;
  if (hasSession === hasHint) return null;
  const attributes = `Path=/;${hasSession ? '' : ' Max-Age=0;'} SameSite=Lax${secure ? '; Secure' : ''}`;
  return `${SESSION_HINT}=${hasSession ? '1' : ''}; ${attributes}`;
}

/**
 * The shell (SPA): hashed assets cached for a year, index.html always revalidated, and index.html for
 * every unknown page path so the shell shows its own 404 screen. It sets the app's not-found handler.
 */
export const shell: FastifyPluginAsync<{ dist: string; publicUrl: string }> = async (
  app,
  { dist, publicUrl },
) => {
  const secure = publicUrl.startsWith('https:');
  const shellIndex = join(dist, 'index.html');
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: true,
    index: false,
    serve: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(shellIndex)) throw gatewayError('SHELL_NOT_BUILT');
    const hint = sessionHintCookie(request, secure);
    if (hint) reply.header('set-cookie', hint);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };
  app.get('/', async (request, reply) => sendShell(request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NON_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      (!/\.[a-z0-9]{1,8}$/i.test(path) || (request.headers.accept ?? '').includes('text/html'));
    if (isPage) return sendShell(request, reply);
    throw gatewayError('ROUTE_NOT_FOUND', { method: request.method, path });
  });
};
