/**
 * @dealflow/contracts/client: the typed browser client generated from the route tables.
 * `await api.identity.invite(body)` answers the 2xx schema's output type; `api.ingest.getEmail({ params: { id } })`
 * for routes with path params or a query; `api.billing.subscription.queryOptions()` for react-query.
 */
export * as api from './api.js';
export { setApiTransport, type TTransport } from './transport.js';
export { buildUrl } from './endpoint.js';
export type {
  TCall,
  TClientService,
  TEndpoint,
  TKeyInput,
  TRequestOptions,
  TRouteInput,
  TRouteResponse,
} from './types.js';

/**
 * Browser navigations to the API (redirects, not JSON routes), so they are not in the route tables:
 * Google sign-in starts with a full page load of this path (svc-identity's routes/google.ts).
 */
export const apiLinks = { googleSignIn: '/api/auth/google' } as const;

/**
 * Load the response checks (zod and every schema) now rather than on the first call: test setups use it so
 * that a page's first answer takes no longer than it did before answers were checked.
 */
export const preloadResponseChecks = (): Promise<unknown> => import('./check-response.js');
