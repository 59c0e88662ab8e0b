import type { FastifyPluginAsync } from 'fastify';
import type { TRemote } from '../config.js';
import { upstreamFailure } from '../errors.js';
import { GATEWAY_ONLY_HEADERS } from '../proxy.js';

/** A remote's static files need none of the visitor's credentials. */
const REMOTE_DROPPED_HEADERS = new Set([...GATEWAY_ONLY_HEADERS, 'cookie', 'authorization']);

/**
 * A content-hashed file (`53.608b9e1b.js`, `__federation_expose_LoginPage.e9a7f645.js`, `main.1a2b3c4d.css`),
 * as the remotes' static servers (dev-stack's and the image's nginx) recognise them: it never changes, and
 * it exists in one release or another, never in two versions.
 */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;
/**
 * During a remote's rollout old and new instances serve together: a page that got the new entry may ask an
 * old instance for a new chunk. Such a 404 is asked again this many times (after 25, 50, 100 ms), each on a
 * new connection to the next instance (in a cluster: the Service, which balances per connection).
 */
const HASHED_404_RETRIES = 3;

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
    const target = upstreamProxy.group(remote.origins, { readiness: false });
    const mount = `/remotes/${remote.folder}/`;
    app.get(`${mount}*`, async (request, reply) => {
      const path = `/${request.url.slice(mount.length)}`;
      const hashed = HASHED_ASSET.test(path.split('?')[0] ?? '');
      try {
        return await upstreamProxy.forward(request, reply, {
          upstream: target,
          path,
          drop: REMOTE_DROPPED_HEADERS,
          // Only immutable files are asked again; the entry and mf-manifest.json are always revalidated
          // (a cached entry would name chunks of a release that may be gone).
          ...(hashed
            ? { retryNotFound: HASHED_404_RETRIES }
            : { replyHeaders: { 'cache-control': 'no-cache' } }),
        });
      } catch (error) {
        throw upstreamFailure(`${remote.folder} remote`, error);
      }
    });
  }
};
