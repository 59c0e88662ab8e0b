import { sendJson, startHttpStandIn } from './http-stand-in.js';

/**
 * A stand-in for Affinity API v1 (https://api-docs.affinity.co) holding organizations, opportunities,
 * list entries and notes in memory. It answers as the documentation shows: HTTP basic auth with an empty
 * user name and the API key as password, `GET /organizations?term=` -> `{organizations, next_page_token}`,
 * `POST /organizations`, `POST /opportunities` (with `list_id`, answered with its `list_entries`),
 * `POST /notes`, `GET /lists/:id/list-entries`, `GET|PUT /organizations/:id`, `PUT /opportunities/:id`; 429 with Retry-After and the X-Ratelimit headers.
 */
export async function startAffinityStandIn(options: {
  /** The accounts' API keys (one per account; data is not split by account here, requests are by key). */
  apiKey: string | string[];
  listIds: number[];
  rateLimitFirstRequests?: number;
  retryAfterSeconds?: number;
}) {
  let nextId = 1000;
  let rateLimited = options.rateLimitFirstRequests ?? 0;
  let failing = 0;
  let stalling: { count: number; ms: number; path: string | null } = { count: 0, ms: 0, path: null };
  const organizations: {
    id: number;
    name: string;
    domain: string | null;
    domains: string[];
    crunchbase_uuid: null;
    global: boolean;
  }[] = [];
  const opportunities: {
    id: number;
    name: string;
    person_ids: number[];
    organization_ids: number[];
    list_entries: ListEntry[];
  }[] = [];
  const listEntries: ListEntry[] = [];
  const notes: {
    id: number;
    creator_id: number;
    person_ids: number[];
    associated_person_ids: number[];
    organization_ids: number[];
    opportunity_ids: number[];
    parent_id: null;
    content: string;
    type: number;
    created_at: string;
  }[] = [];
  type ListEntry = {
    id: number;
    list_id: number;
    creator_id: number;
    entity_id: number;
    entity_type: number;
    created_at: string;
  };
  const authOf = (key: string) => `Basic ${Buffer.from(`:${key}`).toString('base64')}`;
  const keys = new Map([options.apiKey].flat().map((key) => [authOf(key), key]));

  const standIn = await startHttpStandIn((request, res) => {
    if (!keys.has(request.headers.authorization ?? ''))
      return sendJson(res, 401, { message: 'Unauthorized: use basic auth with your API key as password' });
    if (rateLimited > 0) {
      rateLimited--;
      return sendJson(
        res,
        429,
        { message: 'Rate limit exceeded' },
        {
          'retry-after': String(options.retryAfterSeconds ?? 1),
          'x-ratelimit-limit-user': '900',
          'x-ratelimit-limit-user-remaining': '0',
          'x-ratelimit-limit-user-reset': String(options.retryAfterSeconds ?? 1),
        },
      );
    }
    if (stalling.count > 0 && (stalling.path === null || stalling.path === request.path)) {
      // Handled as usual, but the answer leaves only after `ms`: a client that gave up before then does not
      // know that Affinity already did what it asked.
      stalling.count--;
      const end = res.end.bind(res) as (...args: unknown[]) => void;
      const ms = stalling.ms;
      res.end = ((...args: unknown[]) => {
        setTimeout(() => {
          if (!res.destroyed) end(...args);
        }, ms);
        return res;
      }) as typeof res.end;
    }
    if (failing > 0) {
      failing--;
      return sendJson(res, 503, { message: 'Service unavailable' }, { 'retry-after': '0' });
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const now = new Date().toISOString();
    if (request.method === 'GET' && request.path === '/organizations') {
      const term = (request.query.get('term') ?? '').toLowerCase();
      const found = organizations.filter(
        (o) => o.name.toLowerCase().includes(term) || o.domains.some((d) => d.includes(term)),
      );
      return sendJson(res, 200, { organizations: found, next_page_token: null });
    }
    if (request.method === 'POST' && request.path === '/organizations') {
      if (typeof body.name !== 'string') return sendJson(res, 422, { message: 'name is required' });
      const domain = typeof body.domain === 'string' ? body.domain : null;
      const org = {
        id: nextId++,
        name: body.name,
        domain,
        domains: domain ? [domain] : [],
        crunchbase_uuid: null,
        global: false,
      };
      organizations.push(org);
      return sendJson(res, 200, org);
    }
    const organizationPath = /^\/organizations\/(\d+)$/.exec(request.path);
    const organization = organizationPath && organizations.find((o) => o.id === Number(organizationPath[1]));
    if (organizationPath && !organization) return sendJson(res, 404, { message: 'Organization not found' });
    if (request.method === 'GET' && organization) return sendJson(res, 200, organization);
    if (request.method === 'PUT' && organization) {
      // PUT /organizations/{id}: name and domain as given; a global organization cannot be edited.
      if (organization.global) return sendJson(res, 422, { message: 'Global organizations are read-only' });
      if (typeof body.name === 'string') organization.name = body.name;
      if (typeof body.domain === 'string') {
        organization.domain = body.domain;
        organization.domains = [body.domain];
      }
      return sendJson(res, 200, organization);
    }
    const opportunityPath = /^\/opportunities\/(\d+)$/.exec(request.path);
    if (request.method === 'PUT' && opportunityPath) {
      // PUT /opportunities/{id}: name, and organization_ids replacing the opportunity's organizations.
      const opportunity = opportunities.find((o) => o.id === Number(opportunityPath[1]));
      if (!opportunity) return sendJson(res, 404, { message: 'Opportunity not found' });
      if (typeof body.name === 'string') opportunity.name = body.name;
      if (Array.isArray(body.organization_ids))
        opportunity.organization_ids = body.organization_ids as number[];
      return sendJson(res, 200, opportunity);
    }
    if (request.method === 'POST' && request.path === '/opportunities') {
      const listId = Number(body.list_id);
      if (!options.listIds.includes(listId))
        return sendJson(res, 422, { message: `list_id ${String(body.list_id)} is not an opportunity list` });
      const id = nextId++;
      const entry: ListEntry = {
        id: nextId++,
        list_id: listId,
        creator_id: 1,
        entity_id: id,
        entity_type: 8,
        created_at: now,
      };
      listEntries.push(entry);
      const opportunity = {
        id,
        name: String(body.name),
        person_ids: (body.person_ids as number[] | undefined) ?? [],
        organization_ids: (body.organization_ids as number[] | undefined) ?? [],
        list_entries: [entry],
      };
      opportunities.push(opportunity);
      return sendJson(res, 200, opportunity);
    }
    if (request.method === 'POST' && request.path === '/notes') {
      if (typeof body.content !== 'string') return sendJson(res, 422, { message: 'content is required' });
      const note = {
        id: nextId++,
        creator_id: 1,
        person_ids: (body.person_ids as number[] | undefined) ?? [],
        associated_person_ids: [],
        organization_ids: (body.organization_ids as number[] | undefined) ?? [],
        opportunity_ids: (body.opportunity_ids as number[] | undefined) ?? [],
        parent_id: null,
        content: body.content,
        type: 0,
        created_at: now,
      };
      notes.push(note);
      return sendJson(res, 200, note);
    }
    const list = /^\/lists\/(\d+)$/.exec(request.path);
    if (request.method === 'GET' && list) {
      // GET /lists/{list_id}: type 8 is a list of opportunities.
      if (!options.listIds.includes(Number(list[1])))
        return sendJson(res, 404, { message: 'List not found' });
      return sendJson(res, 200, {
        id: Number(list[1]),
        type: 8,
        name: 'Deal flow',
        public: true,
        owner_id: 1,
        list_size: listEntries.length,
      });
    }
    const listMatch = /^\/lists\/(\d+)\/list-entries$/.exec(request.path);
    if (request.method === 'GET' && listMatch) {
      return sendJson(
        res,
        200,
        listEntries.filter((e) => e.list_id === Number(listMatch[1])),
      );
    }
    return sendJson(res, 404, { message: `No route ${request.method} ${request.path}` });
  });
  return {
    ...standIn,
    /** The API key a recorded request was made with. */
    keyOf: (request: { headers: { authorization?: string } }) =>
      keys.get(request.headers.authorization ?? ''),
    organizations,
    opportunities,
    listEntries,
    notes,
    /** The next `count` requests are answered 429. */
    rateLimitNext(count: number) {
      rateLimited = count;
    },
    /** The next `count` requests (to `path`, when given) are handled, but answered only after `ms`. */
    stallNext(count: number, ms: number, path: string | null = null) {
      stalling = { count, ms, path };
    },
    /** The next `count` requests are answered 503 (with Retry-After: 0, so the client retries at once). */
    failNext(count: number) {
      failing = count;
    },
  };
}
