import fp from 'fastify-plugin';
import { UpstreamProxy, type ProxyOptions } from '../proxy.js';

/** One set of keep-alive pools for every upstream (the services and the remotes' static servers). */
export const upstreamProxy = fp<ProxyOptions>(
  async (app, options) => {
    const proxy = new UpstreamProxy(options);
    app.decorate('upstreamProxy', proxy);
    app.addHook('onClose', async () => proxy.close());
  },
  { name: 'gateway-upstream-proxy' },
);

declare module 'fastify' {
  interface FastifyInstance {
    upstreamProxy: UpstreamProxy;
  }
}
