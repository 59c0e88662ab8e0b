import type { z } from 'zod';
import type { ApiRoute } from '../http.js';
import { serviceRoutes } from '../routes.js';

/** A response that does not match its route's 2xx schema: the client and the service disagree. */
export class ResponseContractError extends Error {
  override readonly name = 'ResponseContractError';
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      `The response of ${route} does not match its contract: ${issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`,
    );
  }
}

/**
 * Development and tests only (loaded behind a NODE_ENV check): refuse a response that none of the route's
 * 2xx schemas accept. The caller keeps the raw data, so a checked build behaves like a production one.
 */
export function checkResponse(service: string, name: string, data: unknown): void {
  if (typeof Response !== 'undefined' && data instanceof Response) return;
  const route = (serviceRoutes as unknown as Record<string, Record<string, ApiRoute>>)[service]?.[name];
  if (!route) throw new Error(`Unknown route ${service}.${name}: regenerate the client`);
  const schemas = Object.entries(route.responses)
    .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
    .map(([, schema]) => schema);
  let issues: z.core.$ZodIssue[] = [];
  for (const schema of schemas) {
    const result = schema.safeParse(data);
    if (result.success) return;
    issues = result.error.issues;
  }
  throw new ResponseContractError(`${service}.${name}`, issues);
}
