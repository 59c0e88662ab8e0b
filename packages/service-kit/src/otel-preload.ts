/**
 * `node --import=@dealflow/service-kit/otel dist/server.js` (or NODE_OPTIONS): starts OpenTelemetry before
 * the application imports http, pg or fastify, so their instrumentations patch the modules it then uses.
 * Without OTEL_EXPORTER_OTLP_ENDPOINT it does nothing and loads nothing.
 */
import { register } from 'node:module';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
if (endpoint) {
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  // ESM modules are patched through import-in-the-middle's loader hook; without it fastify and the other
  // ESM imports get no spans (STACK-NOTES.md).
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const { startTelemetry } = await import('./telemetry.js');
  await startTelemetry({
    service: process.env.OTEL_SERVICE_NAME?.trim() || 'dealflow',
    endpoint,
    preloaded: true,
  });
  await waitForAllMessagesAcknowledged();
}
