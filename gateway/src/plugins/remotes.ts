import type { FastifyPluginAsync } from 'fastify';
import type { TRemote } from '../config.js';
import { upstreamFailure } from '../errors.js';
import { GATEWAY_ONLY_HEADERS } from '../proxy.js';

/** A remote's static files need none of the visitor's credentials. */
const REMOTE_DROPPED_HEADERS = new Set([...GATEWAY_ONLY_HEADERS, 'cookie', 'authorization']);

/**
 * The runtime remotes manifest (`/remotes.json`, read by the shell at start, so a remote is redeployed
 * without rebuilding the shell) and each remote's own files under `/remotes/<folder>/`.
 */
export const remotes: FastifyPluginAsync<{ remotes: readonly TRemote[] }> = async (app, options) => {
  const manifest = Object.fromEntries(options.remotes.map((r) => [r.name, r.manifest]));
  app.get('/remotes.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(manifest),
  );

  const { upstreamProxy } = app;
  for (const remote of options.remotes) {
    const target = upstreamProxy.group([remote.origin]);
    const mount = `/remotes/${remote.folder}/`;
    app.get(`${mount}*`, async (request, reply) => {
      try {
        return await upstreamProxy.forward(request, reply, {
          upstream: target,
          path: `/${request.url.slice(mount.length)}`,
          drop: REMOTE_DROPPED_HEADERS,
        });
      } catch (error) {
        throw upstreamFailure(`${remote.folder} remote`, error);
      }
    });
  }
};
