import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type TIdentityTest } from '../test/identity.js';
import {
  addMember,
  inviteAndReadToken,
  login,
  registerOwner,
  registerUser,
  uniqueEmail,
} from '../test/factories/user.factory.js';
import { listActivity } from '../repositories/activity-log.repository.js';

let h: TIdentityTest;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(async () => {
  await h?.stop();
});

const outboxTopics = async (orgId: number) => {
  const rows: { topic: string; payload: { data: Record<string, unknown> } }[] = await h.svc.ctx.orm.em
    .getConnection()
    .execute('select topic, payload from kit_outbox where key = ? order by created_at, id', [String(orgId)]);
  return rows.map((r) => ({ topic: r.topic, data: r.payload.data }));
};

describe('organization setup', () => {
  it('creates the organization with the chosen plan, makes the creator owner and writes organization.created', async () => {
    const user = await registerUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: user.auth,
      payload: { name: 'Beta Capital', plan: 'basic', billingCycle: 'monthly' },
    });
    expect(res.statusCode).toBe(201);
    const { user: owner, organization } = res.json();
    expect(owner).toMatchObject({ id: user.user.id, role: 'owner', organizationId: organization.id });
    expect(organization).toMatchObject({
      name: 'Beta Capital',
      plan: 'free',
      subscriptionStatus: null,
      ownerId: user.user.id,
    });
    const events = await outboxTopics(organization.id);
    expect(events).toEqual([
      {
        topic: 'identity.organization.created',
        data: expect.objectContaining({
          orgId: organization.id,
          plan: 'basic',
          billingCycle: 'monthly',
          memberCount: 1,
          ownerEmail: user.user.email,
        }),
      },
    ]);
  });

  it('repeating setup before a subscription exists updates the same organization; other cases are 409', async () => {
    const owner = await registerOwner(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: owner.auth,
      payload: { name: 'Renamed Ventures' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().organization).toMatchObject({ id: owner.organization?.id, name: 'Renamed Ventures' });
    const member = await addMember(h, owner);
    const conflict = await h.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: member.auth,
      payload: { name: 'Escape Ltd' },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: 'You already belong to an organization' });
  });

  it('validates the name (2 to 100) and plan', async () => {
    const user = await registerUser(h);
    const short = await h.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: user.auth,
      payload: { name: 'A' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Organization name must be at least 2 characters');
    const long = await h.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: user.auth,
      payload: { name: 'x'.repeat(101) },
    });
    expect(long.statusCode).toBe(400);
    const plan = await h.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: user.auth,
      payload: { name: 'Good Name', plan: 'enterprise' },
    });
    expect(plan.statusCode).toBe(400);
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/organizations', payload: { name: 'Good Name' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('invitations', () => {
  it('owner invites: 7-day invitation, hashed token, email with the accept link; member completes the profile', async () => {
    const owner = await registerOwner(h);
    const email = uniqueEmail('invitee');
    const { invitation, token } = await inviteAndReadToken(h, owner, email, 'member');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = (await h.readOutbox()).find((m) => m.to === email);
    expect(mail?.text).toContain(`${h.config.PUBLIC_URL}/accept-invitation?token=${token}`);
    expect(mail?.html).toContain('accept-invitation?token=');
    const rows = await h.svc.ctx.orm.em
      .getConnection()
      .execute<{ token_hash: string; expires_at: Date }[]>(
        'select token_hash, expires_at from invitations where id = ?',
        [invitation.id],
      );
    expect(rows[0]?.token_hash).not.toBe(token);
    expect(rows[0]?.token_hash).toHaveLength(64);
    const days = (new Date(rows[0]!.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const details = await h.app.inject({
      method: 'GET',
      url: `/api/invitations/validate?token=${token}&_t=123`,
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      email,
      name: 'Grace Member',
      organizationName: 'Acme Ventures',
      inviterName: 'Ada Owner',
      role: 'member',
    });

    const pending = await h.app.inject({
      method: 'GET',
      url: '/api/organization/invitations',
      headers: owner.auth,
    });
    expect(pending.json()).toEqual([expect.objectContaining({ id: invitation.id, email, role: 'member' })]);

    const done = await h.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { token, name: 'Grace Hopper', password: 'member password 1' },
    });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      user: { email, role: 'member', organizationId: owner.organization?.id },
      organization: { id: owner.organization?.id },
    });
    // single use
    const again = await h.app.inject({ method: 'GET', url: `/api/invitations/validate?token=${token}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'This invitation does not exist or has been revoked.' });
    const events = await outboxTopics(owner.organization!.id);
    expect(events.at(-1)).toEqual({
      topic: 'identity.member.added',
      data: expect.objectContaining({ userId: done.json().user.id, memberCount: 2, role: 'member' }),
    });
    // the new member sees the list (both people), but not the invitations
    const members = await h.app.inject({
      method: 'GET',
      url: '/api/organization/members',
      headers: { cookie: String(done.headers['set-cookie']).split(';')[0] ?? '' },
    });
    expect(members.json().map((m: { email: string }) => m.email)).toEqual([owner.user.email, email]);
    const invites = await h.app.inject({
      method: 'GET',
      url: '/api/organization/invitations',
      headers: { cookie: String(done.headers['set-cookie']).split(';')[0] ?? '' },
    });
    expect(invites.statusCode).toBe(403);
  });

  it('validate: 404 for unknown or revoked, 410 for expired, 400 without a token', async () => {
    const owner = await registerOwner(h);
    const { invitation, token } = await inviteAndReadToken(h, owner, uniqueEmail('late'));
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: '/api/invitations/validate?token=unknown-token-value-123456',
        })
      ).statusCode,
    ).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/api/invitations/validate' })).statusCode).toBe(400);
    await h.svc.ctx.orm.em
      .getConnection()
      .execute(`update invitations set expires_at = now() - interval '1 minute' where id = ?`, [
        invitation.id,
      ]);
    const expired = await h.app.inject({ method: 'GET', url: `/api/invitations/validate?token=${token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: 'This invitation has expired.' });
    const complete = await h.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { token, name: 'Late Comer', password: 'late password 1' },
    });
    expect(complete.statusCode).toBe(410);

    const second = await inviteAndReadToken(h, owner, uniqueEmail('revoked'));
    const revoke = await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/invitations/${second.invitation.id}`,
      headers: owner.auth,
    });
    expect(revoke.statusCode).toBe(200);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/invitations/validate?token=${second.token}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: `/api/organization/invitations/${second.invitation.id}`,
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('accept: 401 with redirectTo when signed out; joins when signed in with the invited email', async () => {
    const owner = await registerOwner(h);
    const invitee = await registerUser(h);
    const { token } = await inviteAndReadToken(h, owner, invitee.user.email, 'owner');
    const signedOut = await h.app.inject({
      method: 'POST',
      url: `/api/invitations/accept?token=${token}&_t=1`,
      payload: {},
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({
      message: expect.any(String),
      redirectTo: `/auth/complete-profile?token=${token}`,
    });
    const stranger = await registerUser(h);
    const foreign = await h.app.inject({
      method: 'POST',
      url: `/api/invitations/accept?token=${token}`,
      headers: stranger.auth,
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    const ok = await h.app.inject({
      method: 'POST',
      url: `/api/invitations/accept?token=${token}`,
      headers: invitee.auth,
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      user: { id: invitee.user.id, role: 'owner', organizationId: owner.organization?.id },
    });
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/api/invitations/accept?token=${token}`,
          headers: invitee.auth,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });

  it('complete-profile: 409 when the email already has an account; validation messages', async () => {
    const owner = await registerOwner(h);
    const existing = await registerUser(h);
    const { token } = await inviteAndReadToken(h, owner, existing.user.email);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { token, name: 'Dup', password: 'password 123' },
    });
    expect(res.statusCode).toBe(409);
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/auth/complete-profile',
      payload: { token, name: 'D', password: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { message: string }) => d.message)).toContain(
      'Name must be at least 2 characters',
    );
  });

  it('invite is owner-only, validates its body, refuses existing members and replaces a pending invitation', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const asMember = await h.app.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: member.auth,
      payload: { name: 'Eve', email: uniqueEmail() },
    });
    expect(asMember.statusCode).toBe(403);
    const invalid = await h.app.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: owner.auth,
      payload: { name: 'E', email: 'bad' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining(['Please enter a valid email address.', 'Name must be at least 2 characters.']),
    );
    const badRole = await h.app.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: owner.auth,
      payload: { name: 'Eve', email: uniqueEmail(), role: 'admin' },
    });
    expect(badRole.statusCode).toBe(400);
    const dup = await h.app.inject({
      method: 'POST',
      url: '/api/organization/invite',
      headers: owner.auth,
      payload: { name: 'Again', email: member.user.email },
    });
    expect(dup.statusCode).toBe(409);
    const email = uniqueEmail('twice');
    const first = await inviteAndReadToken(h, owner, email);
    const second = await inviteAndReadToken(h, owner, email);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/invitations/validate?token=${first.token}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/invitations/validate?token=${second.token}` }))
        .statusCode,
    ).toBe(200);
  });

  it('owner changes an invitation role; members cannot', async () => {
    const owner = await registerOwner(h);
    const { invitation } = await inviteAndReadToken(h, owner, uniqueEmail());
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/organization/invitations/${invitation.id}/role`,
      headers: owner.auth,
      payload: { role: 'owner' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('owner');
    const member = await addMember(h, owner);
    expect(
      (
        await h.app.inject({
          method: 'PATCH',
          url: `/api/organization/invitations/${invitation.id}/role`,
          headers: member.auth,
          payload: { role: 'member' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await h.app.inject({
          method: 'PATCH',
          url: `/api/organization/invitations/abc/role`,
          headers: owner.auth,
          payload: { role: 'member' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('members', () => {
  it('owner changes roles; the last owner cannot be demoted', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const self = await h.app.inject({
      method: 'PATCH',
      url: `/api/organization/members/${owner.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'member' },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'An organization must keep at least one owner' });
    const promote = await h.app.inject({
      method: 'PATCH',
      url: `/api/organization/members/${member.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'owner' },
    });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toMatchObject({ id: member.user.id, role: 'owner' });
    // now two owners: the first can step down
    const stepDown = await h.app.inject({
      method: 'PATCH',
      url: `/api/organization/members/${owner.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'member' },
    });
    expect(stepDown.statusCode).toBe(200);
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner.auth });
    expect(me.json().user.role).toBe('member');
    expect(me.json().organization.ownerId).toBe(member.user.id);
    const activity = await listActivity(h.svc.ctx.orm.em.fork(), owner.organization!.id);
    expect(activity.filter((a) => a.activityType === 'member_role_changed')).toHaveLength(2);
  });

  it('owner removes a member (never themselves); member.removed carries the new count', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const self = await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/members/${owner.user.id}`,
      headers: owner.auth,
    });
    expect(self.statusCode).toBe(400);
    const byMember = await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/members/${owner.user.id}`,
      headers: member.auth,
    });
    expect(byMember.statusCode).toBe(403);
    const other = await registerOwner(h);
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: `/api/organization/members/${other.user.id}`,
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(404);
    const ok = await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/members/${member.user.id}`,
      headers: owner.auth,
    });
    expect(ok.statusCode).toBe(200);
    const list = await h.app.inject({ method: 'GET', url: '/api/organization/members', headers: owner.auth });
    expect(list.json().map((m: { id: number }) => m.id)).toEqual([owner.user.id]);
    const events = await outboxTopics(owner.organization!.id);
    expect(events.at(-1)).toEqual({
      topic: 'identity.member.removed',
      data: { orgId: owner.organization!.id, userId: member.user.id, memberCount: 1, membershipVersion: 3 },
    });
    const removedMe = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.auth });
    expect(removedMe.json()).toMatchObject({
      user: { organizationId: null, role: 'member' },
      organization: null,
    });
  });
});

describe('organization settings', () => {
  it('owner renames; members cannot; name validated', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const ok = await h.app.inject({
      method: 'PATCH',
      url: '/api/organization',
      headers: owner.auth,
      payload: { name: 'New Name' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().name).toBe('New Name');
    expect(
      (
        await h.app.inject({
          method: 'PATCH',
          url: '/api/organization',
          headers: member.auth,
          payload: { name: 'Hacked' },
        })
      ).statusCode,
    ).toBe(403);
    const short = await h.app.inject({
      method: 'PATCH',
      url: '/api/organization',
      headers: owner.auth,
      payload: { name: 'N' },
    });
    expect(short.json().message).toBe('Organization name must be at least 2 characters.');
  });

  it('delete needs the password; members keep their accounts without an organization', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const wrong = await h.app.inject({
      method: 'DELETE',
      url: '/api/organization',
      headers: owner.auth,
      payload: { password: 'not it at all' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Incorrect password' });
    const empty = await h.app.inject({
      method: 'DELETE',
      url: '/api/organization',
      headers: owner.auth,
      payload: { password: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: '/api/organization',
          headers: member.auth,
          payload: { password: member.password },
        })
      ).statusCode,
    ).toBe(403);
    const ok = await h.app.inject({
      method: 'DELETE',
      url: '/api/organization',
      headers: owner.auth,
      payload: { password: owner.password },
    });
    expect(ok.statusCode).toBe(200);
    const me = await h.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.auth });
    expect(me.json()).toMatchObject({ user: { organizationId: null }, organization: null });
    const events = await outboxTopics(owner.organization!.id);
    expect(events.at(-1)).toEqual({
      topic: 'identity.organization.deleted',
      data: { orgId: owner.organization!.id },
    });
    // the former owner can sign in and start again
    await login(h, owner.user.email, owner.password);
  });
});

describe("each route's declared auth (contracts), enforced by route() on identity's own session read", () => {
  it('answers signed-out, no organization and not the owner with the one message of each rule', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const loner = await registerUser(h);
    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
      h.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });

    const signedOut = await call('GET', '/api/organization/members');
    expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { message: 'Not authenticated' }]);
    // listMembers is `member`: a user without an organization is refused.
    const noOrganization = await call('GET', '/api/organization/members', loner.auth);
    expect([noOrganization.statusCode, noOrganization.json()]).toEqual([
      403,
      { message: 'You must belong to an organization to do this' },
    ]);
    const notOwner = await call('GET', '/api/organization/invitations', member.auth);
    expect([notOwner.statusCode, notOwner.json()]).toEqual([
      403,
      { message: 'Only the organization owner can do this' },
    ]);
    // The role is read from identity's database per request: promoted there, the same session passes at once.
    await h.query('update users set role = ? where id = ?', ['owner', member.user.id]);
    expect((await call('GET', '/api/organization/invitations', member.auth)).statusCode).toBe(200);
    // Internal routes answer only to INTERNAL_API_TOKEN, whoever is signed in.
    const internal = await h.app.inject({ method: 'GET', url: '/internal/public-key', headers: owner.auth });
    expect(internal.statusCode).toBe(401);
  });
});
