import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { findFreePort } from '@dealflow/dev-stack';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';
import { startUpstream } from './test/upstream.js';

const VALID_TOKEN = 'session-token-of-ada';
const SHELL_JS = `console.log(${JSON.stringify('shell '.repeat(400))});`;
const JWT_OF_ADA = 'jwt.of.ada';
let introspections: string[] = [];
/** How each introspected token was presented, as the gateway told identity. */
const carriers: string[] = [];

let identity: Awaited<ReturnType<typeof startUpstream>>;
let billing: Awaited<ReturnType<typeof startUpstream>>;
let ingest: Awaited<ReturnType<typeof startUpstream>>;
let slowCrm: FastifyInstance;
let remoteAuth: Awaited<ReturnType<typeof startUpstream>>;
let gateway: FastifyInstance;
let shellDir: string;
let deadPort: number;

beforeAll(async () => {
  identity = await startUpstream('identity', (app) => {
    app.post('/internal/sessions/introspect', async (request, reply) => {
      const body = JSON.parse(String(request.body)) as { token: string; via?: string };
      introspections.push(body.token);
      carriers.push(body.via ?? 'none');
      if (request.headers['x-internal-token'] !== 'internal-token-for-tests')
        return reply.code(401).send({ message: 'no' });
      if (body.token !== VALID_TOKEN) return reply.code(401).send({ message: 'Session expired' });
      return { identityToken: JWT_OF_ADA, expiresAt: new Date(Date.now() + 300_000).toISOString() };
    });
  });
  billing = await startUpstream('billing');
  ingest = await startUpstream('ingest');
  remoteAuth = await startUpstream('mfe-auth');
  slowCrm = Fastify();
  slowCrm.get('/*', () => new Promise(() => undefined)); // never answers
  await slowCrm.listen({ host: '127.0.0.1', port: 0 });
  const slowPort = (slowCrm.server.address() as { port: number }).port;
  deadPort = await findFreePort();

  shellDir = mkdtempSync(join(tmpdir(), 'gateway-shell-'));
  writeFileSync(join(shellDir, 'index.html'), '<!doctype html><title>Dealflow shell</title>');
  mkdirSync(join(shellDir, 'static'));
  writeFileSync(join(shellDir, 'main.0123abcd.js'), SHELL_JS);

  const config = loadGatewayConfig({
    IDENTITY_URL: identity.url,
    BILLING_URL: billing.url,
    INGEST_URL: ingest.url,
    CRM_URL: `http://127.0.0.1:${slowPort}`,
    REMOTE_MFE_AUTH_URL: remoteAuth.url,
    REMOTE_MFE_TEAM_URL: `http://127.0.0.1:${deadPort}`,
    INTERNAL_API_TOKEN: 'internal-token-for-tests',
    PUBLIC_URL: 'http://localhost:3000',
    SHELL_DIST: shellDir,
    UPSTREAM_TIMEOUT_MS: '300',
    RATE_LIMIT_AUTH_MAX: '3',
    RATE_LIMIT_MAX: '10000',
    SESSION_CACHE_TTL_MS: '60000',
  });
  gateway = await buildGateway(config, { logger: false });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all([
    identity?.app.close(),
    billing?.app.close(),
    ingest?.app.close(),
    remoteAuth?.app.close(),
    slowCrm?.close(),
  ]);
  rmSync(shellDir, { recursive: true, force: true });
});

beforeEach(() => {
  introspections = [];
  for (const upstream of [identity, billing, ingest]) upstream.seen.length = 0;
});

describe('routing by prefix', () => {
  it('sends each prefix to the service that owns it, path and query intact', async () => {
    const cases: Array<[string, string]> = [
      ['/api/config', 'identity'],
      ['/api/organizations', 'identity'],
      ['/api/organization/members?x=1', 'identity'],
      ['/api/stripe/subscription', 'billing'],
      ['/api/billing/auto-login', 'billing'],
      ['/pay/checkout/cs_123', 'billing'],
      ['/api/emails?page=2&limit=10', 'ingest'],
      ['/webhooks/mail', 'ingest'],
    ];
    for (const [url, service] of cases) {
      const response = await gateway.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ service, url });
    }
  });

  it('answers an unknown /api prefix with a JSON 404 and never routes /internal/*', async () => {
    const unknown = await gateway.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Route GET /api/nothing-here not found' });

    const internal = await gateway.inject({
      method: 'POST',
      url: '/internal/sessions/introspect',
      payload: { token: VALID_TOKEN },
    });
    expect(internal.statusCode).toBe(404);
    expect(internal.headers['content-type']).toContain('application/json');
    expect(introspections).toEqual([]);
  });

  it('passes request bodies through byte for byte (webhook signatures)', async () => {
    const raw = '{"id":"evt_1",  "type":"checkout.session.completed"}\n';
    const response = await gateway.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: raw,
    });
    expect(response.statusCode).toBe(200);
    expect(billing.seen[0]?.body).toBe(raw);
    expect(billing.seen[0]?.headers['stripe-signature']).toBe('t=1,v1=abc');
  });

  it('forwards a body sent with Expect: 100-continue (large uploads from curl and mail providers)', async () => {
    const raw = 'x'.repeat(4096);
    const response = await gateway.inject({
      method: 'POST',
      url: '/webhooks/mail',
      headers: { 'content-type': 'text/plain', expect: '100-continue' },
      payload: raw,
    });
    expect(response.statusCode).toBe(200);
    expect(ingest.seen.at(-1)?.body).toBe(raw);
    expect(ingest.seen.at(-1)?.headers.expect).toBeUndefined();
  });
});

describe('identity on the wire', () => {
  it('exchanges the session cookie for the identity JWT and strips a forged one', async () => {
    const response = await gateway.inject({
      method: 'GET',
      url: '/api/stripe/usage',
      headers: {
        cookie: `theme=dark; df_session=${VALID_TOKEN}`,
        'x-identity-token': 'forged',
        'x-internal-token': 'x',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(billing.seen.at(-1)?.headers['x-identity-token']).toBe(JWT_OF_ADA);
    expect(billing.seen.at(-1)?.headers['x-internal-token']).toBeUndefined();
  });

  it('sends identity the session token as it came, with no exchange and no forged headers', async () => {
    const before = introspections.length;
    const response = await gateway.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: {
        cookie: `theme=dark; df_session=${VALID_TOKEN}`,
        'x-identity-token': 'forged',
        'x-internal-token': 'x',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(introspections).toHaveLength(before);
    expect(identity.seen.at(-1)?.headers.cookie).toBe(`theme=dark; df_session=${VALID_TOKEN}`);
    expect(identity.seen.at(-1)?.headers['x-identity-token']).toBeUndefined();
    expect(identity.seen.at(-1)?.headers['x-internal-token']).toBeUndefined();
  });

  it('tells identity how the token came (cookie or bearer), and a cached answer serves only the same carrier', async () => {
    gateway.identity.invalidate(VALID_TOKEN);
    const start = carriers.length;
    const read = (headers: Record<string, string>) =>
      gateway.inject({ method: 'GET', url: '/api/stripe/usage', headers });
    await read({ cookie: `df_session=${VALID_TOKEN}` });
    await read({ authorization: `Bearer ${VALID_TOKEN}` });
    await read({ cookie: `df_session=${VALID_TOKEN}` });
    expect(carriers.slice(start)).toEqual(['cookie', 'bearer', 'cookie']);
  });

  it('accepts the bearer token and forwards nothing for an unknown session', async () => {
    await gateway.inject({
      method: 'GET',
      url: '/api/stripe/usage',
      headers: { authorization: `Bearer ${VALID_TOKEN}` },
    });
    expect(billing.seen.at(-1)?.headers['x-identity-token']).toBe(JWT_OF_ADA);

    await gateway.inject({
      method: 'GET',
      url: '/api/stripe/usage',
      headers: { authorization: 'Bearer stale', 'x-identity-token': 'forged' },
    });
    expect(billing.seen.at(-1)?.headers['x-identity-token']).toBeUndefined();
  });

  it('caches answers for reads, asks again for writes and after a write to identity', async () => {
    const headers = { cookie: `df_session=${VALID_TOKEN}` };
    gateway.identity.invalidate(VALID_TOKEN);
    const start = introspections.length;
    await gateway.inject({ method: 'GET', url: '/api/stripe/usage', headers });
    await gateway.inject({ method: 'GET', url: '/api/stripe/usage', headers });
    expect(introspections).toHaveLength(start + 1);

    await gateway.inject({
      method: 'POST',
      url: '/api/stripe/usage',
      headers: { ...headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(introspections).toHaveLength(start + 2);
    // A write to identity (here a logout) drops the cached answer: the next read asks again.
    await gateway.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...headers, 'sec-fetch-site': 'same-origin' },
    });
    await gateway.inject({ method: 'GET', url: '/api/stripe/usage', headers });
    expect(introspections).toHaveLength(start + 3);
  });

  it('refuses a cross-site cookie write with 403 but lets same-origin and bearer writes through', async () => {
    const crossSite = await gateway.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: {
        cookie: `df_session=${VALID_TOKEN}`,
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      payload: { email: 'x@example.com' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ message: 'Cross-site request refused' });

    const foreignOrigin = await gateway.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { cookie: `df_session=${VALID_TOKEN}`, origin: 'https://evil.example' },
    });
    expect(foreignOrigin.statusCode).toBe(403);
    expect(identity.seen).toHaveLength(0);

    const sameOrigin = await gateway.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: { cookie: `df_session=${VALID_TOKEN}`, origin: 'http://localhost:3000' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const bearer = await gateway.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: { authorization: `Bearer ${VALID_TOKEN}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('refuses a cross-site cookie write that also carries Basic credentials or a bearer that is not valid', async () => {
    for (const [url, authorization] of [
      ['/api/organization/invite', 'Basic x'],
      ['/api/stripe/usage', 'Basic x'],
      ['/api/stripe/usage', 'Bearer not-a-session'],
    ] as const) {
      const response = await gateway.inject({
        method: 'POST',
        url,
        headers: { cookie: `df_session=${VALID_TOKEN}`, authorization, 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode, `${url} with ${authorization}`).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    }
    expect(identity.seen).toHaveLength(0);
  });

  it('passes request ids and trace context through and echoes the request id', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const response = await gateway.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'req-42', traceparent },
    });
    expect(response.headers['x-request-id']).toBe('req-42');
    expect(identity.seen.at(-1)?.headers['x-request-id']).toBe('req-42');
    expect(identity.seen.at(-1)?.headers.traceparent).toBe(traceparent);

    const generated = await gateway.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('failures', () => {
  it('answers 502 JSON at once when a service is down', async () => {
    const config = loadGatewayConfig({
      IDENTITY_URL: `http://127.0.0.1:${deadPort}`,
      SHELL_DIST: shellDir,
      UPSTREAM_TIMEOUT_MS: '60000',
    });
    const isolated = await buildGateway(config, { logger: false });
    try {
      const started = Date.now();
      const response = await isolated.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/sign-in service did not answer/);
      // At once: long before the 60 s upstream timeout (bound loose for a busy CI machine).
      expect(Date.now() - started).toBeLessThan(10_000);

      const signedIn = await isolated.inject({
        method: 'GET',
        url: '/api/stripe/usage',
        headers: { cookie: 'df_session=abc' },
      });
      expect(signedIn.statusCode).toBe(503);
      expect(signedIn.json().message).toMatch(/sign-in service is temporarily unavailable/);
    } finally {
      await isolated.close();
    }
  });

  it('answers 504 JSON when a service does not answer in time', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/deals/1' });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      message: 'The CRM service took too long to respond. Please try again later.',
    });
  });

  it('rate limits login attempts per IP with the seed error body', async () => {
    const attempt = () =>
      gateway.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: { email: 'a@example.com', password: 'x' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await attempt();
    expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(refused.headers['retry-after']).toBeDefined();
    // The generous /api limit is separate: other calls still go through.
    expect((await gateway.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });
});

describe('web assets', () => {
  it('serves the runtime remotes manifest from config', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/remotes.json' });
    expect(response.json()).toEqual({
      mfe_auth: '/remotes/mfe-auth/mf-manifest.json',
      mfe_team: '/remotes/mfe-team/mf-manifest.json',
      mfe_billing: '/remotes/mfe-billing/mf-manifest.json',
      mfe_records: '/remotes/mfe-records/mf-manifest.json',
    });
  });

  it("proxies a remote's files and gives 502 when its server is stopped", async () => {
    const served = await gateway.inject({ method: 'GET', url: '/remotes/mfe-auth/mf-manifest.json' });
    expect(served.json()).toEqual({ service: 'mfe-auth', url: '/mf-manifest.json' });
    const stopped = await gateway.inject({ method: 'GET', url: '/remotes/mfe-team/remoteEntry.js' });
    expect(stopped.statusCode).toBe(502);
    expect(stopped.json().message).toMatch(/mfe-team remote did not answer/);
  });

  it('marks the document with the readable session hint: set with a session cookie, cleared without (issue 25)', async () => {
    const page = (cookie?: string) =>
      gateway.inject({
        method: 'GET',
        url: '/login',
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
    // Signed in (an HttpOnly df_session the page cannot read): the page learns it may ask /api/auth/me.
    const signedIn = await page('df_session=abc');
    expect(signedIn.headers['set-cookie']).toMatch(/^df_session_present=1; Path=\/; SameSite=Lax$/);
    // Already marked: nothing to set.
    expect((await page('df_session=abc; df_session_present=1')).headers['set-cookie']).toBeUndefined();
    // A hint left without a session (it ended): cleared, so the signed-out page makes no 401 probe.
    const ended = await page('df_session_present=1');
    expect(ended.headers['set-cookie']).toMatch(/^df_session_present=; Path=\/; Max-Age=0; SameSite=Lax$/);
    // Signed out and unmarked: no cookie at all.
    expect((await page()).headers['set-cookie']).toBeUndefined();
  });

  it('serves the shell with an SPA fallback and JSON 404s elsewhere', async () => {
    const page = await gateway.inject({
      method: 'GET',
      url: '/team-members',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dealflow shell');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    // The API's JSON answers get the REST set: nothing may load from them or frame them.
    const api = await gateway.inject({ method: 'GET', url: '/api/stripe/usage' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');

    const asset = await gateway.inject({ method: 'GET', url: '/main.0123abcd.js' });
    expect(asset.body).toBe(SHELL_JS);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A content-hashed script carries only what it needs (issue 25): cache, type, nosniff; the document's
    // policy headers (about 1.1 KB) are not repeated on every static file.
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    for (const pageOnly of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'origin-agent-cluster',
      'x-xss-protection',
    ])
      expect(asset.headers[pageOnly], pageOnly).toBeUndefined();
    const compressed = await gateway.inject({
      method: 'GET',
      url: '/main.0123abcd.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(SHELL_JS);

    const missingAsset = await gateway.inject({ method: 'GET', url: '/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toEqual({ message: 'Route GET /missing.js not found' });
  });

  it('serves the OpenAPI document built from the contracts', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/docs' });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/auth/me'].get).toBeDefined();
    // Its server is this gateway's PUBLIC_URL (the committed document names a relative one).
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://localhost:3000' })]);
    expect(document.info.license.url).toBe('http://localhost:3000/terms');
    const viewer = await gateway.inject({ method: 'GET', url: '/api/docs/ui' });
    expect(viewer.body).toContain('/api/docs/ui.js');
  });
});
