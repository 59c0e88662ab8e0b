import { defineRoutes, ZErrorBody } from '@dealflow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZBaseConfig, loadConfig } from './config.js';
import { createService } from './service.js';
import { startServiceForTest, type TServiceTest } from './testing/index.js';

const ZWho = z.object({ auth: z.string(), userId: z.number().nullable(), orgId: z.number().nullable() });
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };
const route = (auth: 'public' | 'session' | 'member' | 'owner' | 'signature' | 'internal') =>
  ({
    method: 'POST',
    path: `/${auth}`,
    summary: auth,
    tag: 'test',
    auth,
    body: z.object({ name: z.string().min(2, 'Name must be at least 2 characters') }),
    responses: { 200: ZWho, ...errors },
  }) as const;
const testRoutes = defineRoutes({
  public: route('public'),
  session: route('session'),
  member: route('member'),
  owner: route('owner'),
  signature: route('signature'),
  internal: route('internal'),
});

const buildTestService = (config: ReturnType<typeof loadTestConfig>) =>
  createService({
    name: 'kit_route',
    config,
    entities: [],
    migrations: [],
    deps: () => ({ built: Date.now() }),
    routes: ({ route: register }) => {
      for (const def of Object.values(testRoutes)) {
        register(def, async ({ actor, body }) => {
          expect(body.name.length).toBeGreaterThan(1);
          return { auth: def.auth, userId: actor?.userId ?? null, orgId: actor?.orgId ?? null };
        });
      }
    },
  });
const loadTestConfig = (env: Record<string, string>) => loadConfig(ZBaseConfig, env);

let t: TServiceTest<ReturnType<typeof loadTestConfig>, Awaited<ReturnType<typeof buildTestService>>>;
beforeAll(async () => {
  t = await startServiceForTest({
    name: 'kit_route',
    loadConfig: loadTestConfig,
    build: buildTestService,
    broker: false,
  });
}, 30_000);
afterAll(() => t?.stop());

const call = (path: string, headers: Record<string, string> = {}, payload: unknown = { name: 'ok' }) =>
  t.app.inject({ method: 'POST', url: `/${path}`, headers, payload: payload as object });

describe("route() enforces the contract's declared auth", () => {
  const owner = () => t.headers({ userId: 7, orgId: 3, role: 'owner' });
  const member = () => t.headers({ userId: 8, orgId: 3, role: 'member' });
  const noOrg = () => t.headers({ userId: 9, orgId: null, role: 'member' });

  it('public: anyone, with the signed-in actor when there is one', async () => {
    expect((await call('public')).json()).toEqual({ auth: 'public', userId: null, orgId: null });
    expect((await call('public', owner())).json()).toEqual({ auth: 'public', userId: 7, orgId: 3 });
  });

  it('session: refuses the anonymous caller with the one sign-in message', async () => {
    const res = await call('session');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
    expect((await call('session', noOrg())).json()).toEqual({ auth: 'session', userId: 9, orgId: null });
  });

  it('member: needs an organization', async () => {
    const res = await call('member', noOrg());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You must belong to an organization to do this' });
    expect((await call('member', member())).json()).toEqual({ auth: 'member', userId: 8, orgId: 3 });
  });

  it('owner: refuses a member with the one owner message', async () => {
    const res = await call('owner', member());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only the organization owner can do this' });
    expect((await call('owner', owner())).json()).toEqual({ auth: 'owner', userId: 7, orgId: 3 });
    expect((await call('owner')).statusCode).toBe(401);
  });

  it('internal: only with the internal token; a user session is not enough', async () => {
    const res = await call('internal', owner());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Internal API token missing or wrong' });
    expect((await call('internal', { 'x-internal-token': 'wrong-token-value' })).statusCode).toBe(401);
    expect((await call('internal', t.internalHeaders)).json()).toEqual({
      auth: 'internal',
      userId: null,
      orgId: null,
    });
  });

  it('signature: left to the handler, which sees no actor', async () => {
    expect((await call('signature', owner())).json()).toEqual({
      auth: 'signature',
      userId: null,
      orgId: null,
    });
  });

  it('checks auth before the body: an anonymous caller gets 401, not the validation message', async () => {
    const res = await call('owner', {}, { name: 'x' });
    expect(res.statusCode).toBe(401);
    const signedIn = await call('owner', owner(), { name: 'x' });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().message).toBe('Name must be at least 2 characters');
  });

  it('refuses a forged identity token', async () => {
    const forged = { 'x-identity-token': `${(owner()['x-identity-token'] ?? '').slice(0, -4)}AAAA` };
    expect((await call('session', forged)).statusCode).toBe(401);
  });

  it('builds the deps once and exposes them on the service', () => {
    expect(typeof t.svc.deps.built).toBe('number');
  });
});
