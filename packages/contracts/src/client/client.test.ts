import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { ZInvitation } from '../identity.js';
import type { ApiRoute } from '../http.js';
import { serviceRoutes } from '../routes.js';
import { ResponseContractError } from './check-response.js';
import { isBrowserRoute, renderFormattedClientModules } from './generate-client.js';
import { api, buildUrl, setApiTransport, type TTransport } from './index.js';

type TCall = { method: string; url: string; body: unknown; options: unknown };
let calls: TCall[] = [];
const answerWith = (data: unknown): void => {
  calls = [];
  const transport: TTransport = async (method, url, body, options) => {
    calls.push({ method, url, body, options });
    return data;
  };
  setApiTransport(transport);
};
afterEach(() => setApiTransport(undefined as unknown as TTransport));

const invitation = {
  id: 7,
  name: 'Ada',
  email: 'ada@example.com',
  role: 'member',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-08T00:00:00.000Z',
};

describe('generated client tables', () => {
  it('match the committed files in src/client/generated (run `npm run generate -w @dealflow/contracts`)', async () => {
    const files = await renderFormattedClientModules();
    expect(Object.keys(files).sort()).toEqual(
      Object.keys(serviceRoutes)
        .map((s) => `${s}.ts`)
        .sort(),
    );
    for (const [file, text] of Object.entries(files)) {
      expect(readFileSync(new URL(`./generated/${file}`, import.meta.url), 'utf8'), file).toBe(text);
    }
  });

  it('hold every browser route of serviceRoutes with its method and path, and no internal or webhook route', () => {
    const client = api as unknown as Record<string, Record<string, { method: string; path: string }>>;
    for (const [service, table] of Object.entries(serviceRoutes)) {
      for (const [name, route] of Object.entries(table as Record<string, ApiRoute>)) {
        const entry = client[service]?.[name];
        if (!isBrowserRoute(route)) {
          expect(entry, `${service}.${name}`).toBeUndefined();
          continue;
        }
        expect({ method: entry?.method, path: entry?.path }, `${service}.${name}`).toEqual({
          method: route.method,
          path: route.path,
        });
      }
      const declared = Object.keys(table).filter((n) =>
        isBrowserRoute((table as Record<string, ApiRoute>)[n]!),
      );
      expect(Object.keys(client[service] ?? {}).sort()).toEqual(declared.sort());
    }
    expect(
      JSON.stringify(Object.values(client).flatMap((t) => Object.values(t).map((e) => e.path))),
    ).not.toMatch(/\/webhooks\/|\/internal\//);
  });
});

describe('calls', () => {
  it('post a body, fill path params and append the query, through the registered transport', async () => {
    answerWith(invitation);
    const created = await api.identity.invite({ name: 'Ada', email: 'ada@example.com' });
    expectTypeOf(created).toEqualTypeOf<z.output<typeof ZInvitation>>();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/organization/invite',
      body: { name: 'Ada' },
    });

    answerWith(invitation);
    await api.identity.changeInvitationRole({ params: { id: 7 }, body: { role: 'owner' } });
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/organization/invitations/7/role',
      body: { role: 'owner' },
    });

    answerWith({
      name: null,
      email: 'a@b.c',
      organizationName: 'Acme',
      inviterName: 'Bo',
      role: 'member',
      expiresAt: 'x',
    });
    await api.identity.validateInvitation({ query: { token: 'a b&c' } });
    expect(calls[0]?.url).toBe('/api/invitations/validate?token=a+b%26c');
  });

  it('pass the request options and send no body when the route declares none', async () => {
    answerWith({ success: true });
    const signal = new AbortController().signal;
    await api.identity.logout({ signal });
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/auth/logout',
      body: undefined,
      options: { signal },
    });
  });

  it('refuse, in development and tests, a response that does not match the 2xx schema', async () => {
    answerWith({ ...invitation, role: 'admin' });
    const call = api.identity.invite({ name: 'Ada', email: 'ada@example.com' });
    await expect(call).rejects.toBeInstanceOf(ResponseContractError);
    await expect(call).rejects.toThrow(/identity\.invite does not match its contract: role:/);
  });

  it('accept any of the declared 2xx answers', async () => {
    answerWith({ ...invitation, state: 'ignored extra field' });
    await expect(api.identity.invite({ name: 'Ada', email: 'ada@example.com' })).resolves.toMatchObject({
      id: 7,
    });
  });

  it('fail plainly when web-kit has not registered the transport', async () => {
    setApiTransport(undefined as unknown as TTransport);
    await expect(api.identity.me()).rejects.toThrow(/Import @dealflow\/web-kit first/);
  });
});

describe('keys and URLs', () => {
  it('key a route by service and name, plus its params and query, never by a path', () => {
    expect(api.identity.me.key()).toEqual(['identity', 'me']);
    expect(api.ingest.getEmail.key({ params: { id: 3 } })).toEqual([
      'ingest',
      'getEmail',
      { params: { id: 3 }, query: undefined },
    ]);
    expect(api.ingest.getEmail.queryOptions({ params: { id: 3 } }).queryKey).toEqual(
      api.ingest.getEmail.key({ params: { id: 3 } }),
    );
  });

  it('build URLs with encoded params and refuse a missing one', () => {
    expect(buildUrl('/api/deals/:id', { params: { id: 'a/b' } })).toBe('/api/deals/a%2Fb');
    expect(() => buildUrl('/api/deals/:id')).toThrow(/no id/);
    expect(buildUrl(api.ingest.listEmails.path, { query: { page: 2, filter: undefined } })).toBe(
      '/api/emails?page=2',
    );
  });

  it('run a query through queryOptions with react-query signal', async () => {
    answerWith({ ...invitation, id: 8 });
    const signal = new AbortController().signal;
    await api.crm.getDeal
      .queryOptions({ params: { id: 8 } })
      .queryFn({ signal })
      .catch(() => undefined);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/deals/by-email/8', options: { signal } });
  });
});

describe('types', () => {
  it('type inputs from the route tables', () => {
    // @ts-expect-error a body is required
    void (() => api.identity.invite());
    // @ts-expect-error role must be one of the declared roles
    void (() => api.identity.changeMemberRole({ params: { id: 1 }, body: { role: 'admin' } }));
    // @ts-expect-error a route that does not exist
    void (() => api.identity.inviteMember);
    expectTypeOf(api.billing.checkout)
      .parameter(0)
      .toEqualTypeOf<
        { plan?: 'basic' | 'pro'; billingCycle?: 'monthly' | 'annual'; email?: string } | undefined
      >();
  });
});
