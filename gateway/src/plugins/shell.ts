import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { gatewayError } from '../errors.js';
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
 * The shell (SPA): hashed assets cached for a year, index.html always revalidated, and index.html for
 * every unknown page path so the shell shows its own 404 screen. It sets the app's not-found handler.
 */
export const shell: FastifyPluginAsync<{ dist: string }> = async (app, { dist }) => {
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
  const sendShell = (reply: FastifyReply) => {
    if (!existsSync(shellIndex)) throw gatewayError('SHELL_NOT_BUILT');
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };
  app.get('/', async (_request, reply) => sendShell(reply));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NON_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      (!/\.[a-z0-9]{1,8}$/i.test(path) || (request.headers.accept ?? '').includes('text/html'));
    if (isPage) return sendShell(reply);
    throw gatewayError('ROUTE_NOT_FOUND', { method: request.method, path });
  });
};
