import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyMessages } from '@dealflow/contracts';
import { TEST_INTERNAL_TOKEN } from '@dealflow/service-kit/testing';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { addMember, registerOwner, type TSignedIn } from '../test/factories/user.factory.js';
import { listActivity } from '../repositories/activity-log.repository.js';

let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(async () => {
  await h?.stop();
});

/** What billing.subscription.changed leaves in identity's organizations table. */
const setPlan = (orgId: number, plan: 'free' | 'basic' | 'pro', status = 'active') =>
  h.query('update organizations set plan = ?, subscription_status = ? where id = ?', [plan, status, orgId]);

const proOwner = async () => {
  const owner = await registerOwner(h);
  await setPlan(owner.organization!.id, 'pro', 'trialing');
  return owner;
};

const create = (owner: TSignedIn, payload: object = { name: 'CRM sync', scope: 'read' }) =>
  h.app.inject({ method: 'POST', url: '/api/organization/api-keys', headers: owner.auth, payload });
const list = (headers: Record<string, string>) =>
  h.app.inject({ method: 'GET', url: '/api/organization/api-keys', headers });
const introspect = (token: string, via: 'bearer' | 'cookie' = 'bearer') =>
  h.app.inject({
    method: 'POST',
    url: '/internal/sessions/introspect',
    headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    payload: { token, via },
  });

describe('organization API keys (owner, Pro)', () => {
  it('creates a key shown once, lists it without the secret, and stores only its hash', async () => {
    const owner = await proOwner();
    const res = await create(owner, { name: '  CRM sync ', scope: 'write' });
    expect(res.statusCode).toBe(201);
    const { key, secret } = res.json();
    expect(secret).toMatch(/^dfk_live_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'CRM sync',
      scope: 'write',
      prefix: `dfk_live_${key.id}`,
      lastUsedAt: null,
    });
    expect(key.createdBy).toEqual({ id: owner.user.id, name: owner.user.name });
    expect(secret.startsWith(key.prefix)).toBe(true);

    const listed = await list(owner.auth);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().keys).toEqual([key]);
    expect(listed.body).not.toContain(secret.slice(key.prefix.length + 1));

    const [row] = await h.query<{ secret_hash: string }>(
      'select secret_hash from api_keys where public_id = ?',
      [key.id],
    );
    expect(row!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await h.query('select * from api_keys'))).not.toContain(secret.split('_').pop());
  });

  it('refuses a name that is empty or too long, with the contract message', async () => {
    const owner = await proOwner();
    const empty = await create(owner, { name: '   ', scope: 'read' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(ApiKeyMessages.nameRequired);
    expect((await create(owner, { name: 'x'.repeat(61), scope: 'read' })).statusCode).toBe(400);
    expect((await create(owner, { name: 'ok', scope: 'admin' })).statusCode).toBe(400);
  });

  it('Basic and free organizations hear the upgrade message (403), on list and on create', async () => {
    const owner = await registerOwner(h);
    for (const plan of ['free', 'basic'] as const) {
      await setPlan(owner.organization!.id, plan);
      for (const res of [await list(owner.auth), await create(owner)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: ApiKeyMessages.proRequired });
      }
    }
    // A Pro plan that is past due is not API access either.
    await setPlan(owner.organization!.id, 'pro', 'past_due');
    expect((await create(owner)).statusCode).toBe(403);
  });

  it('only the owner manages keys', async () => {
    const owner = await proOwner();
    const member = await addMember(h, owner);
    for (const res of [await list(member.auth), await create(member)]) expect(res.statusCode).toBe(403);
  });

  it('revokes a key of its own organization only', async () => {
    const owner = await proOwner();
    const other = await proOwner();
    const { key } = (await create(owner)).json();
    const foreign = await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/api-keys/${key.id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/api-keys/${key.id}`,
      headers: owner.auth,
    });
    expect(res.json()).toEqual({ success: true });
    expect((await list(owner.auth)).json().keys).toEqual([]);
    const again = await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/api-keys/${key.id}`,
      headers: owner.auth,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('introspection of an API key (the gateway asks)', () => {
  it('a live key of a Pro organization is an actor of that organization with kind api_key and its scope', async () => {
    const owner = await proOwner();
    const { key, secret } = (await create(owner, { name: 'Reader', scope: 'read' })).json();
    const res = await introspect(secret);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.identity).toMatchObject({
      userId: owner.user.id,
      orgId: owner.organization!.id,
      role: 'member',
      apiKey: { id: key.id, scope: 'read' },
    });
    const claims = JSON.parse(Buffer.from(body.identityToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      kind: 'api_key',
      kid: key.id,
      scope: 'read',
      org: owner.organization!.id,
    });
  });

  it('refuses a key as a cookie, a wrong secret under a real id, and a revoked key', async () => {
    const owner = await proOwner();
    const { key, secret } = (await create(owner)).json();
    expect((await introspect(secret, 'cookie')).statusCode).toBe(401);
    const forged = `${key.prefix}_${'A'.repeat(43)}`;
    expect((await introspect(forged)).statusCode).toBe(401);
    expect((await introspect(secret)).statusCode).toBe(200);
    await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/api-keys/${key.id}`,
      headers: owner.auth,
    });
    expect((await introspect(secret)).statusCode).toBe(401);
  });

  it('a key of an organization that left Pro answers 403 with the upgrade message', async () => {
    const owner = await proOwner();
    const { secret } = (await create(owner)).json();
    await setPlan(owner.organization!.id, 'basic');
    const res = await introspect(secret);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ApiKeyMessages.proRequired);
  });

  it('writes last_used_at at most once a minute', async () => {
    const owner = await proOwner();
    const { key, secret } = (await create(owner)).json();
    const lastUsed = async () => {
      const [row] = await h.query<{ last_used_at: string | null }>(
        'select last_used_at from api_keys where public_id = ?',
        [key.id],
      );
      return row!.last_used_at === null ? null : new Date(row!.last_used_at);
    };
    await introspect(secret);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await introspect(secret);
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    await h.query(`update api_keys set last_used_at = now() - interval '61 seconds' where public_id = ?`, [
      key.id,
    ]);
    await introspect(secret);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime());
    expect((await list(owner.auth)).json().keys[0].lastUsedAt).not.toBeNull();
  });

  it("a key never authenticates identity's own routes (profile, team, key management)", async () => {
    const owner = await proOwner();
    const { secret } = (await create(owner, { name: 'Writer', scope: 'write' })).json();
    const bearer = { authorization: `Bearer ${secret}` };
    for (const url of ['/api/auth/me', '/api/organization/members', '/api/organization/api-keys']) {
      const res = await h.app.inject({ method: 'GET', url, headers: bearer });
      expect(res.statusCode).toBe(401);
    }
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/organization/api-keys',
      headers: bearer,
      payload: { name: 'x', scope: 'write' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('API keys in the activity log (issue 20)', () => {
  const keyRows = async (orgId: number) =>
    (await listActivity(h.svc.ctx.orm.em.fork(), orgId)).filter((row) =>
      row.activityType.startsWith('api_key'),
    );
  const introspectFrom = (token: string, ip: string) =>
    h.app.inject({
      method: 'POST',
      url: '/internal/sessions/introspect',
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      payload: { token, via: 'bearer', ip },
    });

  it('records creation and revocation with the name and prefix, never the secret', async () => {
    const owner = await proOwner();
    const { key, secret } = (await create(owner, { name: 'CRM sync', scope: 'write' })).json();
    const revoked = await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/api-keys/${key.id}`,
      headers: owner.auth,
    });
    expect(revoked.statusCode).toBe(200);
    const rows = await keyRows(owner.organization!.id);
    expect(rows.map((row) => row.activityType)).toEqual(['api_key_created', 'api_key_revoked']);
    for (const row of rows) {
      expect(row.userId).toBe(owner.user.id);
      expect(row.targetLabel).toBe(`CRM sync (${key.prefix}_…)`);
      expect(row.metadata).toEqual({ name: 'CRM sync', prefix: key.prefix, scope: 'write' });
      expect(JSON.stringify(row)).not.toContain(secret.slice(key.prefix.length + 1));
    }
    // A second revocation finds no live key and records nothing.
    const again = await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/api-keys/${key.id}`,
      headers: owner.auth,
    });
    expect(again.statusCode).toBe(404);
    expect(await keyRows(owner.organization!.id)).toHaveLength(2);
  });

  it('records the first use and each new address once, without a write per request', async () => {
    const owner = await proOwner();
    const { key, secret } = (await create(owner, { name: 'Nightly', scope: 'read' })).json();
    const orgId = owner.organization!.id;
    for (let i = 0; i < 5; i++) expect((await introspectFrom(secret, '203.0.113.7')).statusCode).toBe(200);
    let rows = await keyRows(orgId);
    expect(rows.map((row) => row.activityType)).toEqual(['api_key_created', 'api_key_first_used']);
    expect(rows[1]).toMatchObject({
      ip: '203.0.113.7',
      targetLabel: `Nightly (${key.prefix}_…)`,
      metadata: { name: 'Nightly', prefix: key.prefix, scope: 'read' },
    });

    for (let i = 0; i < 3; i++) {
      await introspectFrom(secret, '198.51.100.4');
      await introspectFrom(secret, '203.0.113.7');
    }
    rows = await keyRows(orgId);
    expect(rows.map((row) => [row.activityType, row.ip])).toEqual([
      ['api_key_created', '127.0.0.1'],
      ['api_key_first_used', '203.0.113.7'],
      ['api_key_new_address', '198.51.100.4'],
    ]);
    const [stored] = await h.query<{ seen_ips: string[] }>(
      'select seen_ips from api_keys where public_id = ?',
      [key.id],
    );
    expect(stored!.seen_ips).toEqual(['203.0.113.7', '198.51.100.4']);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(key.prefix.length + 1));
  });
});
