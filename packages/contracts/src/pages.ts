import type { TServiceName } from './routes.js';

/**
 * A family of HTML pages a service serves itself through the public origin. They are not JSON API routes
 * (no zod bodies, no OpenAPI entry), so the route tables do not describe them; the gateway routes every
 * path under `prefix` (whole segments) to `service`, with the session and rate limit of the API but
 * without the API's security headers: the pages send their own CSP.
 */
export interface TPageRoutes {
  service: TServiceName;
  prefix: string;
  summary: string;
}

export const pageRoutes: ReadonlyArray<TPageRoutes> = [
  {
    service: 'billing',
    prefix: '/pay',
    summary:
      "The embedded payment provider's checkout and customer portal pages, and the printable receipts of paid invoices",
  },
];
