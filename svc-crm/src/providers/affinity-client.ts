import { z } from 'zod';
import { createRateLimiter, parseRetryAfterMs, sleep } from './rate-limiter.js';

/** Shapes from Affinity API v1's documentation (https://api-docs.affinity.co), only the fields used. */
export const ZAffinityOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string().nullable(),
  domains: z.array(z.string()).default([]),
  global: z.boolean().optional(),
});
export const ZAffinityOrganizationSearch = z.object({
  organizations: z.array(ZAffinityOrganization),
  next_page_token: z.string().nullable().optional(),
});
export const ZAffinityListEntry = z.object({
  id: z.number().int(),
  list_id: z.number().int(),
  creator_id: z.number().int().nullable().optional(),
  entity_id: z.number().int(),
  created_at: z.string(),
});
export const ZAffinityOpportunity = z.object({
  id: z.number().int(),
  name: z.string(),
  person_ids: z.array(z.number().int()).default([]),
  organization_ids: z.array(z.number().int()).default([]),
  list_entries: z.array(ZAffinityListEntry).default([]),
});
export const ZAffinityNote = z.object({
  id: z.number().int(),
  content: z.string(),
  organization_ids: z.array(z.number().int()).default([]),
  opportunity_ids: z.array(z.number().int()).default([]),
  created_at: z.string(),
});
export const ZAffinityList = z.object({ id: z.number(), type: z.number(), name: z.string() });
export type TAffinityOrganization = z.infer<typeof ZAffinityOrganization>;
export type TAffinityOpportunity = z.infer<typeof ZAffinityOpportunity>;

export class AffinityApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AffinityApiError';
  }
}

export interface AffinityClientOptions {
  apiKey: string;
  baseUrl: string;
  maxRequestsPerMinute: number;
  /** Attempts per call when Affinity answers 429 or 5xx. */
  maxAttempts?: number;
  /** Upper bound on one wait (a hostile Retry-After must not park the consumer for an hour). */
  maxRetryWaitMs?: number;
  timeoutMs?: number;
}

export type TAffinityClient = ReturnType<typeof createAffinityClient>;

export function createAffinityClient(options: AffinityClientOptions) {
  const waitForSlot = createRateLimiter(options.maxRequestsPerMinute);
  const maxAttempts = options.maxAttempts ?? 4;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
  // Affinity v1: HTTP basic auth, empty user name, the API key as password.
  const authorization = `Basic ${Buffer.from(`:${options.apiKey}`).toString('base64')}`;
  const baseUrl = options.baseUrl.replace(/\/$/, '');

  async function request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      await waitForSlot();
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${path}`, {
          method,
          headers: {
            authorization,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        if (attempt >= maxAttempts)
          throw new AffinityApiError(`Affinity unreachable: ${(error as Error).message}`, 0);
        await sleep(250 * 2 ** attempt);
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        if (attempt >= maxAttempts) {
          throw new AffinityApiError(
            `Affinity answered ${response.status} after ${attempt} attempts`,
            response.status,
          );
        }
        const retryAfter = parseRetryAfterMs(response.headers.get('retry-after'));
        const resetSeconds = Number(response.headers.get('x-ratelimit-limit-user-reset'));
        const waitMs =
          retryAfter ??
          (Number.isFinite(resetSeconds) && resetSeconds > 0 ? resetSeconds * 1000 : 500 * 2 ** attempt);
        await sleep(Math.min(waitMs, maxRetryWaitMs));
        continue;
      }
      const text = await response.text();
      if (!response.ok) {
        throw new AffinityApiError(
          `Affinity ${method} ${path.split('?')[0]} answered ${response.status}: ${text.slice(0, 200)}`,
          response.status,
        );
      }
      return schema.parse(JSON.parse(text));
    }
  }

  return {
    /** GET /lists/{id}: the list (type 8: opportunities); checks the key and the list on connecting. */
    findList(listId: number) {
      return request('GET', `/lists/${listId}`, ZAffinityList);
    },
    /** GET /organizations?term=<domain>: the organization whose domain matches exactly, if any. */
    async findOrganizationByDomain(domain: string): Promise<TAffinityOrganization | null> {
      const result = await request(
        'GET',
        `/organizations?term=${encodeURIComponent(domain)}&page_size=10`,
        ZAffinityOrganizationSearch,
      );
      return (
        result.organizations.find(
          (org) =>
            org.domain?.toLowerCase() === domain || org.domains.some((d) => d.toLowerCase() === domain),
        ) ?? null
      );
    },
    /** GET /organizations/{id}: null when Affinity has no such organization (deleted there). */
    async findOrganization(organizationId: number): Promise<TAffinityOrganization | null> {
      try {
        return await request('GET', `/organizations/${organizationId}`, ZAffinityOrganization);
      } catch (error) {
        if (error instanceof AffinityApiError && error.status === 404) return null;
        throw error;
      }
    },
    /** PUT /organizations/{id}: the organization's name and domain (a corrected website or company name). */
    updateOrganization(organizationId: number, input: { name: string; domain: string }) {
      return request('PUT', `/organizations/${organizationId}`, ZAffinityOrganization, {
        name: input.name,
        domain: input.domain,
      });
    },
    /** PUT /opportunities/{id}: its name, and its organizations (the list given replaces Affinity's). */
    updateOpportunity(opportunityId: number, input: { name: string; organizationId: number }) {
      return request('PUT', `/opportunities/${opportunityId}`, ZAffinityOpportunity, {
        name: input.name,
        organization_ids: [input.organizationId],
      });
    },
    createOrganization(input: { name: string; domain: string }) {
      return request('POST', '/organizations', ZAffinityOrganization, {
        name: input.name,
        domain: input.domain,
      });
    },
    /** POST /opportunities with list_id: Affinity creates the opportunity and its entry in that list. */
    createOpportunity(input: { name: string; listId: number; organizationId: number }) {
      return request('POST', '/opportunities', ZAffinityOpportunity, {
        name: input.name,
        list_id: input.listId,
        organization_ids: [input.organizationId],
      });
    },
    createNote(input: { content: string; organizationId: number; opportunityId: number }) {
      return request('POST', '/notes', ZAffinityNote, {
        content: input.content,
        organization_ids: [input.organizationId],
        opportunity_ids: [input.opportunityId],
      });
    },
  };
}
