import pRetry from 'p-retry';
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
  /** Attempts per call when a retry is safe (see `request`). */
  maxAttempts?: number;
  /** Upper bound on one wait (a hostile Retry-After must not park the consumer for an hour). */
  maxRetryWaitMs?: number;
  timeoutMs?: number;
  /** Told before each retry (logging; tests count attempts). */
  onRetry?: (info: { method: string; path: string; attempt: number; reason: string }) => void;
}

export type TAffinityClient = ReturnType<typeof createAffinityClient>;

/** A failed attempt that is safe to send again, after at least `waitMs` (Retry-After) plus the jittered backoff. */
class RetryableAttempt extends Error {
  constructor(
    readonly failure: AffinityApiError,
    readonly waitMs: number,
  ) {
    super(failure.message);
  }
}

/** Connection errors that happen before a byte of the request left: the server provably never saw it. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const notSent = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' && NOT_SENT_CODES.has(cause.code);
};

export function createAffinityClient(options: AffinityClientOptions) {
  const waitForSlot = createRateLimiter(options.maxRequestsPerMinute);
  const maxAttempts = options.maxAttempts ?? 4;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 60_000;
  // Affinity v1: HTTP basic auth, empty user name, the API key as password.
  const authorization = `Basic ${Buffer.from(`:${options.apiKey}`).toString('base64')}`;
  const baseUrl = options.baseUrl.replace(/\/$/, '');

  /**
   * One call, retried only when sending it again cannot do the work twice. Affinity's POSTs take no
   * idempotency key, so a POST is sent again only when Affinity provably did not act on it: the connection was
   * refused (nothing was sent), or a 429 with Retry-After (refused by the rate limit, after the wait it names).
   * GET and PUT (idempotent) are also retried on 5xx, other 429s and timeouts or dropped connections. Waits
   * grow exponentially with random jitter (p-retry), so replicas that failed together do not retry together.
   */
  async function request<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T> {
    const idempotent = method !== 'POST';
    const route = path.split('?')[0]!;
    const attempt = async (): Promise<T> => {
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
        const cause = (error as { cause?: Error }).cause;
        const failure = new AffinityApiError(
          `Affinity unreachable (${method} ${route}): ${(error as Error).message}${cause?.message ? ` (${cause.message})` : ''}`,
          0,
        );
        if (idempotent || notSent(error)) throw new RetryableAttempt(failure, 0);
        throw failure;
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        const failure = new AffinityApiError(
          `Affinity ${method} ${route} answered ${response.status}`,
          response.status,
        );
        const retryAfter = parseRetryAfterMs(response.headers.get('retry-after'));
        if (response.status === 429 && retryAfter !== null)
          throw new RetryableAttempt(failure, Math.min(retryAfter, maxRetryWaitMs));
        if (!idempotent) throw failure;
        const resetSeconds = Number(response.headers.get('x-ratelimit-limit-user-reset'));
        const resetMs = Number.isFinite(resetSeconds) && resetSeconds > 0 ? resetSeconds * 1000 : 0;
        throw new RetryableAttempt(failure, response.status === 429 ? Math.min(resetMs, maxRetryWaitMs) : 0);
      }
      const text = await response.text();
      if (!response.ok) {
        throw new AffinityApiError(
          `Affinity ${method} ${route} answered ${response.status}: ${text.slice(0, 200)}`,
          response.status,
        );
      }
      return schema.parse(JSON.parse(text));
    };
    try {
      return await pRetry(attempt, {
        retries: maxAttempts - 1,
        factor: 2,
        minTimeout: 250,
        maxTimeout: Math.min(8_000, maxRetryWaitMs),
        randomize: true,
        shouldRetry: ({ error }) => error instanceof RetryableAttempt,
        onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
          if (!(error instanceof RetryableAttempt) || retriesLeft === 0) return;
          options.onRetry?.({ method, path: route, attempt: attemptNumber, reason: error.message });
          if (error.waitMs > 0) await sleep(error.waitMs);
        },
      });
    } catch (error) {
      if (!(error instanceof RetryableAttempt)) throw error;
      throw new AffinityApiError(
        `${error.failure.message} after ${maxAttempts} attempts`,
        error.failure.status,
      );
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
