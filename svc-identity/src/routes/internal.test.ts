import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INTERNAL_TOKEN as INTERNAL_TOKEN } from '@dealflow/service-kit/testing';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { issueProgramBearer, registerOwner, registerUser } from '../test/factories/user.factory.js';
import { deleteExpiredCredentials } from '../repositories/session.repository.js';

let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(async () => {
  await h?.stop();
});

const internal = { 'x-internal-token': INTERNAL_TOKEN };

const decodeAndVerify = (jwt: string, publicKeyPem: string) => {
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: createPublicKey(publicKeyPem), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    valid,
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString()),
  };
};

describe('POST /internal/sessions/introspect', () => {
  it('accepts a browser session only as presented in the cookie, and a program bearer only as a Bearer', async () => {
    const owner = await registerOwner(h);
    const introspect = (token: string, via?: 'cookie' | 'bearer') =>
      h.app.inject({
        method: 'POST',
        url: '/internal/sessions/introspect',
        headers: internal,
        payload: via ? { token, via } : { token },
      });
    expect((await introspect(owner.token, 'cookie')).statusCode).toBe(200);
    expect((await introspect(owner.token, 'bearer')).statusCode).toBe(401);
    const program = (await issueProgramBearer(h, owner.user.id)).authorization.slice('Bearer '.length);
    expect((await introspect(program, 'bearer')).statusCode).toBe(200);
    expect((await introspect(program, 'cookie')).statusCode).toBe(401);
    expect((await introspect(program)).statusCode).toBe(401);
  });

  it('turns a live session token into a 5-minute ES256 JWT signed with the published key', async () => {
    const owner = await registerOwner(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/internal/sessions/introspect',
      headers: internal,
      payload: { token: owner.token },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.identity).toEqual({
      userId: owner.user.id,
      orgId: owner.organization?.id,
      role: 'owner',
      email: owner.user.email,
      name: owner.user.name,
      sessionId: expect.stringMatching(/^[0-9a-f]{64}$/),
      emailVerified: true,
    });
    expect(body.jwt).toBe(body.identityToken);
    const key = await h.app.inject({ method: 'GET', url: '/internal/public-key', headers: internal });
    const { valid, header, claims } = decodeAndVerify(body.identityToken, key.json().publicKeyPem);
    expect(valid).toBe(true);
    expect(header.alg).toBe('ES256');
    expect(claims).toMatchObject({
      iss: 'dealflow-identity',
      sub: String(owner.user.id),
      org: owner.organization?.id,
      role: 'owner',
      email: owner.user.email,
      sid: body.identity.sessionId,
      ev: true,
    });
    expect(claims.exp - claims.iat).toBe(300);
    expect(new Date(body.expiresAt).getTime()).toBeLessThanOrEqual(claims.exp * 1000);
    // the key is the configured one (the services' IDENTITY_JWT_PUBLIC_KEY)
    expect(key.json().publicKeyPem.trim()).toBe(h.keys.publicKeyPem.trim());
  });

  it('answers 401 for unknown, ended or malformed tokens and refuses callers without the internal token', async () => {
    const user = await registerUser(h);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/sessions/introspect',
          headers: internal,
          payload: { token: 'x'.repeat(43) },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/sessions/introspect',
          headers: internal,
          payload: { token: 'not a token!' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/sessions/introspect',
          headers: internal,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/sessions/introspect',
          payload: { token: user.token },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/sessions/introspect',
          headers: { 'x-internal-token': 'wrong-token-value' },
          payload: { token: user.token },
        })
      ).statusCode,
    ).toBe(401);
    await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth, payload: {} });
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/sessions/introspect',
          headers: internal,
          payload: { token: user.token },
        })
      ).statusCode,
    ).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: '/internal/public-key' })).statusCode).toBe(401);
  });
});

describe('POST /internal/sessions', () => {
  it('opens a session for a user (billing auto-login) and 404s for unknown users', async () => {
    const owner = await registerOwner(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/internal/sessions',
      headers: internal,
      payload: { userId: owner.user.id },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ user: { id: owner.user.id }, organization: { id: owner.organization?.id } });
    expect(body.sessionId).not.toBe(owner.token);
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `df_session=${body.sessionId}` },
    });
    expect(me.statusCode).toBe(200);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/sessions',
          headers: internal,
          payload: { userId: 999999 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await h.app.inject({ method: 'POST', url: '/internal/sessions', payload: { userId: owner.user.id } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/sessions',
          headers: internal,
          payload: { userId: 'abc' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('session expiry', () => {
  it('an expired session authenticates nothing and the sweep deletes it', async () => {
    const user = await registerUser(h);
    const live = await registerUser(h);
    const connection = h.svc.ctx.orm.em.getConnection();
    await connection.execute(
      `update sessions set expires_at = now() - interval '1 second' where user_id = ?`,
      [user.user.id],
    );
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth })).statusCode).toBe(
      401,
    );
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/internal/sessions/introspect',
          headers: internal,
          payload: { token: user.token },
        })
      ).statusCode,
    ).toBe(401);
    expect(await deleteExpiredCredentials(h.svc.ctx.orm.em.fork())).toBeGreaterThanOrEqual(1);
    const rows: { count: string }[] = await connection.execute(
      'select count(*) from sessions where user_id = ?',
      [user.user.id],
    );
    expect(Number(rows[0]?.count)).toBe(0);
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: live.auth })).statusCode).toBe(
      200,
    );
  });
});
