import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_INTERNAL_TOKEN as INTERNAL_TOKEN } from '@dealflow/service-kit/testing';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import { addMember, inviteAndReadToken, registerOwner, uniqueEmail } from '../test/factories/user.factory.js';

let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(async () => {
  await h?.stop();
});

type TMembershipData = { userId: number; memberCount: number; membershipVersion?: number };
const membershipEvents = async (orgId: number) => {
  const rows: { topic: string; payload: { data: TMembershipData } }[] = await h.svc.ctx.orm.em
    .getConnection()
    .execute(
      `select topic, payload from kit_outbox where key = ? and topic in
         ('identity.organization.created', 'identity.member.added', 'identity.member.removed') order by created_at`,
      [String(orgId)],
    );
  return rows
    .map((r) => ({ topic: r.topic, ...r.payload.data }))
    .sort((a, b) => (a.membershipVersion ?? 0) - (b.membershipVersion ?? 0));
};
const internal = { 'x-internal-token': INTERNAL_TOKEN };

describe('membership versions (the order consumers apply member counts in)', () => {
  it('counts concurrent joins one after the other: every event has its own count and a newer version', async () => {
    const owner = await registerOwner(h);
    const orgId = owner.organization!.id;
    const invited = await Promise.all(
      Array.from(
        { length: 6 },
        async () => (await inviteAndReadToken(h, owner, uniqueEmail('joiner'))).token,
      ),
    );
    // All six accept at once: without the organization's row lock each counted itself and the committed ones only.
    const accepted = await Promise.all(
      invited.map((token) =>
        h.app.inject({
          method: 'POST',
          url: '/api/auth/complete-profile',
          payload: { token, name: 'Joan Joiner', password: 'member password 1' },
        }),
      ),
    );
    expect(accepted.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);

    const events = await membershipEvents(orgId);
    expect(events[0]).toMatchObject({
      topic: 'identity.organization.created',
      memberCount: 1,
      membershipVersion: 1,
    });
    const added = events.slice(1);
    expect(added.map((e) => e.topic)).toEqual(Array(6).fill('identity.member.added'));
    expect(added.map((e) => e.membershipVersion)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(added.map((e) => e.memberCount)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('a removal and an account deletion carry a newer version than the joins before them', async () => {
    const owner = await registerOwner(h);
    const orgId = owner.organization!.id;
    const first = await addMember(h, owner);
    const second = await addMember(h, owner);
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/members/${first.user.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: second.auth,
      payload: { password: second.password },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await membershipEvents(orgId)).map((e) => [e.topic, e.memberCount, e.membershipVersion])).toEqual(
      [
        ['identity.organization.created', 1, 1],
        ['identity.member.added', 2, 2],
        ['identity.member.added', 3, 3],
        ['identity.member.removed', 2, 4],
        ['identity.member.removed', 1, 5],
      ],
    );
  });
});

describe('GET /internal/organizations/memberships', () => {
  it("pages through every organization's member count and version", async () => {
    const a = await registerOwner(h);
    await addMember(h, a);
    const b = await registerOwner(h);
    const idA = a.organization!.id;
    const idB = b.organization!.id;
    const page = async (afterId: number, limit: number) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/internal/organizations/memberships?afterId=${afterId}&limit=${limit}`,
        headers: internal,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        organizations: { orgId: number; memberCount: number; membershipVersion: number }[];
        nextAfterId: number | null;
      };
    };
    const first = await page(idA - 1, 1);
    expect(first).toEqual({
      organizations: [{ orgId: idA, memberCount: 2, membershipVersion: 2 }],
      nextAfterId: idA,
    });
    const rest = await page(idA, 1000);
    expect(rest.organizations).toContainEqual({ orgId: idB, memberCount: 1, membershipVersion: 1 });
    expect(rest.organizations.every((o) => o.orgId > idA)).toBe(true);
    expect(rest.nextAfterId).toBeNull();
  });

  it('answers only with the internal token, and refuses a bad page with 400', async () => {
    const anonymous = await h.app.inject({ method: 'GET', url: '/internal/organizations/memberships' });
    expect(anonymous.statusCode).toBe(401);
    const bad = await h.app.inject({
      method: 'GET',
      url: '/internal/organizations/memberships?limit=0&afterId=-3',
      headers: internal,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.any(String) });
  });
});
