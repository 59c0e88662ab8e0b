import type { TBaseConfig } from '../config.js';
import type { Service } from './types.js';

/** Runs a service as a process: listen, workers, graceful shutdown on SIGTERM/SIGINT. */
export async function runService<C extends TBaseConfig, D>(
  build: Promise<Service<C, D>> | (() => Promise<Service<C, D>>),
) {
  const service: Service<C, D> = await (typeof build === 'function' ? build() : build).catch((err: Error) => {
    console.error(err.name === 'ConfigError' ? err.message : err);
    return process.exit(1);
  });
  const address = await service.listen();
  await service.startWorkers();
  service.ctx.logger.info({ address }, `${service.ctx.name} ready`);
  const state = { stopping: false };
  const shutdown = async (signal: string) => {
    if (state.stopping) return;
    state.stopping = true;
    const drainMs = service.ctx.config.SHUTDOWN_DRAIN_MS;
    service.ctx.logger.info({ signal, drainMs }, 'shutting down');
    const force = setTimeout(() => process.exit(1), drainMs + 10_000);
    force.unref();
    // Readiness fails first; requests keep being served while the endpoints drain, then the server closes
    // (in-flight requests finish; idle keep-alive connections are closed).
    service.drain();
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await service.stop().catch((err) => service.ctx.logger.error({ err }, 'shutdown failed'));
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return service;
}
