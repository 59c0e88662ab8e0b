export * from './common.js';
export * from './events.js';
export * from './http.js';
export * from './identity.js';
export * from './billing.js';
export * from './records.js';
export { buildAsyncApi } from './asyncapi.js';
export { buildOpenApi, allRoutes } from './openapi.js';
export * from './internal.js';
