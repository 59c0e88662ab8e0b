import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@dealflow/service-kit/testing';
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
  h = await startIdentity({ SUPPORT_EMAIL: 'help@dealflow.test' });
});
afterAll(async () => {
  await h?.stop();
});

const me = (headers: Record<string, string>) => h.app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('profile', () => {
  it('updates the name (the unchanged email may be sent along); invalid input is 400; signed out is 401', async () => {
    const user = await registerUser(h);
    const ok = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: user.auth,
      payload: { name: 'New Name', email: user.user.email.toUpperCase() },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'New Name', email: user.user.email });
    const nameOnly = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: user.auth,
      payload: { name: 'Newer Name' },
    });
    expect(nameOnly.json()).toMatchObject({ name: 'Newer Name', email: user.user.email });
    // A new address goes through POST /api/account/email/change (account.test.ts).
    const other = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: user.auth,
      payload: { name: 'New Name', email: uniqueEmail('renamed') },
    });
    expect(other.statusCode).toBe(400);
    const bad = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: user.auth,
      payload: { name: 'N', email: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await h.app.inject({
          method: 'PATCH',
          url: '/api/user/profile',
          payload: { name: 'New Name' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('password change', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const user = await registerOwner(h);
    const otherDevice = await login(h, user.user.email, user.password);
    const wrong = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: user.auth,
      payload: {
        currentPassword: 'not the password',
        newPassword: 'brand new password',
        confirmPassword: 'brand new password',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect' });
    const mismatch = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: user.auth,
      payload: {
        currentPassword: user.password,
        newPassword: 'brand new password',
        confirmPassword: 'different password',
      },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([{ path: 'confirmPassword', message: "Passwords don't match" }]);
    const short = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: user.auth,
      payload: { currentPassword: user.password, newPassword: 'short', confirmPassword: 'short' },
    });
    expect(short.json().details.map((d: { message: string }) => d.message)).toEqual([
      'New password must be at least 8 characters.',
      'Confirm password must be at least 8 characters.',
    ]);
    const ok = await h.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: user.auth,
      payload: {
        currentPassword: user.password,
        newPassword: 'brand new password',
        confirmPassword: 'brand new password',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(user.auth)).statusCode).toBe(200);
    expect((await me(otherDevice.auth)).statusCode).toBe(401);
    await login(h, user.user.email, 'brand new password');
  });
});

describe('account deletion', () => {
  it('needs the password, ends every session and frees the email', async () => {
    const user = await registerUser(h);
    const second = await login(h, user.user.email, user.password);
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: '/api/user',
          headers: user.auth,
          payload: { password: 'wrong password' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await h.app.inject({ method: 'DELETE', url: '/api/user', headers: user.auth, payload: {} }))
        .statusCode,
    ).toBe(400);
    const ok = await h.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: user.auth,
      payload: { password: user.password },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(user.auth)).statusCode).toBe(401);
    expect((await me(second.auth)).statusCode).toBe(401);
    await registerUser(h, { email: user.user.email });
  });

  it('the last owner of a team must hand over first; a sole member takes the organization along', async () => {
    const owner = await registerOwner(h);
    const member = await addMember(h, owner);
    const blocked = await h.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: owner.auth,
      payload: { password: owner.password },
    });
    expect(blocked.statusCode).toBe(409);
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: '/api/user',
          headers: member.auth,
          payload: { password: member.password },
        })
      ).statusCode,
    ).toBe(200);
    const list = await h.app.inject({ method: 'GET', url: '/api/organization/members', headers: owner.auth });
    expect(list.json()).toHaveLength(1);
    expect(
      (
        await h.app.inject({
          method: 'DELETE',
          url: '/api/user',
          headers: owner.auth,
          payload: { password: owner.password },
        })
      ).statusCode,
    ).toBe(200);
    const rows: { topic: string }[] = await h.svc.ctx.orm.em
      .getConnection()
      .execute('select topic from kit_outbox where key = ? order by created_at', [
        String(owner.organization!.id),
      ]);
    expect(rows.map((r) => r.topic)).toEqual(
      expect.arrayContaining([
        'identity.member.removed',
        'identity.organization.deleted',
        'identity.user.deleted',
      ]),
    );
  });
});

describe('notification settings', () => {
  it('returns defaults, stores a partial update, rejects unknown types', async () => {
    const user = await registerUser(h);
    const initial = await h.app.inject({
      method: 'GET',
      url: '/api/settings/notifications',
      headers: user.auth,
    });
    expect(initial.json()).toEqual({
      emailOnDeckProcessed: true,
      emailOnDealCreated: true,
      weeklyDigest: false,
      emailOnMention: true,
    });
    const patched = await h.app.inject({
      method: 'PATCH',
      url: '/api/settings/notifications',
      headers: user.auth,
      payload: { weeklyDigest: true },
    });
    expect(patched.json()).toEqual({
      emailOnDeckProcessed: true,
      emailOnDealCreated: true,
      weeklyDigest: true,
      emailOnMention: true,
    });
    const again = await h.app.inject({
      method: 'GET',
      url: '/api/settings/notifications',
      headers: user.auth,
    });
    expect(again.json().weeklyDigest).toBe(true);
    expect(
      (
        await h.app.inject({
          method: 'PATCH',
          url: '/api/settings/notifications',
          headers: user.auth,
          payload: { weeklyDigest: 'yes' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: '/api/settings/notifications' })).statusCode).toBe(401);
  });
});

describe('config', () => {
  it('publishes the support email and hides Google sign-in without its env', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ supportEmail: 'help@dealflow.test', googleSignInEnabled: false });
    expect((await h.app.inject({ method: 'GET', url: '/api/auth/google' })).statusCode).toBe(404);
  });
});

describe('update-access', () => {
  it('re-reads digitalProductAccess and never grants it by itself', async () => {
    const user = await registerUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/update-access',
      headers: user.auth,
      payload: { digitalProductAccess: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, user: { digitalProductAccess: false } });
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/auth/update-access',
          headers: user.auth,
          payload: { digitalProductAccess: false },
        })
      ).statusCode,
    ).toBe(400);
    expect((await me(user.auth)).json().user.digitalProductAccess).toBe(false);
  });
});

describe('password reset', () => {
  const resetToken = async (email: string) => {
    const mail = await waitFor(async () =>
      (await h.readOutbox()).filter((m) => m.to === email && m.kind === 'password-reset').at(-1),
    );
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0];
    return new URL(link ?? 'http://x').searchParams.get('token') ?? '';
  };

  it('emails a 1-hour single-use link, sets the password and ends every session', async () => {
    const user = await registerUser(h);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.user.email },
    });
    expect(res.statusCode).toBe(200);
    const token = await resetToken(user.user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ok = await h.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'reset password 1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(user.auth)).statusCode).toBe(401);
    await login(h, user.user.email, 'reset password 1');
    const reused = await h.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'another password' },
    });
    expect(reused.statusCode).toBe(404);
  });

  it('answers the same for unknown emails and sends nothing; expired tokens are 410', async () => {
    const before = (await h.readOutbox()).length;
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: uniqueEmail('nobody') },
    });
    const user = await registerUser(h);
    const known = await h.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.user.email },
    });
    expect(unknown.json()).toEqual(known.json());
    const token = await resetToken(user.user.email);
    expect((await h.readOutbox()).length).toBe(before + 3); // the welcome, the verification and the reset of `user` only
    await h.svc.ctx.orm.em
      .getConnection()
      .execute(`update password_reset_tokens set expires_at = now() - interval '1 second'`);
    const expired = await h.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'reset password 2' },
    });
    expect(expired.statusCode).toBe(410);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: 'short', password: 'reset password 2' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('throttles repeated reset requests with 429', async () => {
    const email = uniqueEmail('spam');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await h.app.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email },
            remoteAddress: '10.44.0.1',
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe('activity log', () => {
  it('records sign-in, sign-out, password change, invitations, role changes and removals', async () => {
    const owner = await registerOwner(h);
    const session = await login(h, owner.user.email, owner.password);
    await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.auth, payload: {} });
    const { invitation } = await inviteAndReadToken(h, owner, uniqueEmail('logged'));
    await h.app.inject({
      method: 'PATCH',
      url: `/api/organization/invitations/${invitation.id}/role`,
      headers: owner.auth,
      payload: { role: 'owner' },
    });
    await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/invitations/${invitation.id}`,
      headers: owner.auth,
    });
    const member = await addMember(h, owner);
    await h.app.inject({
      method: 'PATCH',
      url: `/api/organization/members/${member.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'owner' },
    });
    await h.app.inject({
      method: 'PATCH',
      url: `/api/organization/members/${member.user.id}/role`,
      headers: owner.auth,
      payload: { role: 'member' },
    });
    await h.app.inject({
      method: 'DELETE',
      url: `/api/organization/members/${member.user.id}`,
      headers: owner.auth,
    });
    await h.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: owner.auth,
      payload: {
        currentPassword: owner.password,
        newPassword: 'changed password 9',
        confirmPassword: 'changed password 9',
      },
    });
    const types = (await listActivity(h.svc.ctx.orm.em.fork(), owner.organization!.id)).map(
      (a) => a.activityType,
    );
    expect(types).toEqual([
      'organization_created',
      'sign_in',
      'sign_out',
      'invitation_sent',
      'invitation_role_changed',
      'invitation_revoked',
      'invitation_sent',
      'invitation_accepted',
      'member_role_changed',
      'member_role_changed',
      'member_removed',
      'password_changed',
    ]);
  });
});
