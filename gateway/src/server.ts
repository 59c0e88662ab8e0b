import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

let config;
try {
  config = loadGatewayConfig();
} catch (error) {
  console.error(`[gateway] ${(error as Error).message}`);
  process.exit(1);
}
const app = await buildGateway(config);
await app.listen({ host: config.server.host, port: config.server.port });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
