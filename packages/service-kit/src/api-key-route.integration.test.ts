import { defineRoutes, ZErrorBody } from '@dealflow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZBaseConfig, loadConfig } from './config.js';
import { createService } from './service.js';
import { startServiceForTest, type TServiceTest } from './testing/index.js';

const ZWho = z.object({ userId: z.number().nullable(), apiKey: z.string().nullable() });
const responses = { 200: ZWho, 401: ZErrorBody, 403: ZErrorBody };
const testRoutes = defineRoutes({
  readRecords: {
    method: 'GET',
    path: '/records',
    summary: 'r',
    tag: 't',
    auth: 'member',
    apiKey: 'read',
    responses,
  },
  postMessage: {
    method: 'POST',
    path: '/records',
    summary: 'w',
    tag: 't',
    auth: 'member',
    apiKey: 'write',
    responses,
  },
  // Marked `read` but a write: a read key must still not pass.
  touchRecord: {
    method: 'PATCH',
    path: '/records',
    summary: 'p',
    tag: 't',
    auth: 'member',
    apiKey: 'read',
    responses,
  },
  billing: { method: 'GET', path: '/billing', summary: 'b', tag: 't', auth: 'member', responses },
  settings: { method: 'GET', path: '/settings', summary: 's', tag: 't', auth: 'owner', responses },
  config: { method: 'GET', path: '/config', summary: 'c', tag: 't', auth: 'public', responses },
});

const loadTestConfig = (env: Record<string, string>) => loadConfig(ZBaseConfig, env);
const buildTestService = (config: ReturnType<typeof loadTestConfig>) =>
  createService({
    name: 'kit_api_key',
    config,
    entities: [],
    migrations: [],
    deps: () => ({}),
    routes: ({ route }) => {
      for (const def of Object.values(testRoutes))
        route(def, async ({ actor }) => ({
          userId: actor?.userId ?? null,
          apiKey: actor?.apiKey?.id ?? null,
        }));
    },
  });

let t: TServiceTest<ReturnType<typeof loadTestConfig>, Awaited<ReturnType<typeof buildTestService>>>;
beforeAll(async () => {
  t = await startServiceForTest({
    name: 'kit_api_key',
    loadConfig: loadTestConfig,
    build: buildTestService,
    broker: false,
  });
}, 30_000);
afterAll(() => t?.stop());

const readKey = () =>
  t.headers({ userId: 7, orgId: 1, role: 'member', apiKey: { id: 'abcdefabcdef', scope: 'read' } });
const writeKey = () =>
  t.headers({ userId: 7, orgId: 1, role: 'member', apiKey: { id: 'abcdefabcdef', scope: 'write' } });
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>) =>
  t.app.inject({ method, url, headers });

describe('route(): an API key reaches only the routes its contract marks, with the scope they need', () => {
  it('a read key reads a route marked apiKey, as the key', async () => {
    const res = await call('GET', '/records', readKey());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: 7, apiKey: 'abcdefabcdef' });
  });

  it('a read key cannot write, even on a write route marked read', async () => {
    for (const method of ['POST', 'PATCH'] as const) {
      const res = await call(method, '/records', readKey());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/read-only/);
    }
  });

  it('a write key writes', async () => {
    expect((await call('POST', '/records', writeKey())).statusCode).toBe(200);
    expect((await call('PATCH', '/records', writeKey())).statusCode).toBe(200);
  });

  it('routes without the apiKey mark refuse any key, whatever its scope; a session still passes', async () => {
    for (const headers of [readKey(), writeKey()]) {
      for (const url of ['/billing', '/settings']) {
        const res = await call('GET', url, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'API keys cannot be used for this endpoint' });
      }
    }
    expect(
      (await call('GET', '/billing', t.headers({ userId: 7, orgId: 1, role: 'member' }))).statusCode,
    ).toBe(200);
  });

  it('on a public route a key is anonymous', async () => {
    const res = await call('GET', '/config', writeKey());
    expect(res.json()).toEqual({ userId: null, apiKey: null });
  });
});
