import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZEmailChangeForm, ZInviteForm, ZOrganizationForm, ZPasswordForm, ZProfileForm } from './forms.js';

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('invite form', () => {
  it('says the seed messages for email and name', () => {
    expect(messages(ZInviteForm.safeParse({ name: 'A', email: 'nope', role: 'member' }))).toEqual({
      name: 'Name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
    });
  });

  it('defaults the role to member and refuses other roles', () => {
    expect(ZInviteForm.parse({ name: 'Ada', email: 'ada@example.com' }).role).toBe('member');
    expect(ZInviteForm.safeParse({ name: 'Ada', email: 'ada@example.com', role: 'admin' }).success).toBe(
      false,
    );
  });
});

describe('password change form', () => {
  it('says each field needs 8 characters with its own message', () => {
    expect(
      messages(ZPasswordForm.safeParse({ currentPassword: '1', newPassword: '2', confirmPassword: '2' })),
    ).toEqual({
      currentPassword: 'Password must be at least 8 characters.',
      newPassword: 'New password must be at least 8 characters.',
      confirmPassword: 'Confirm password must be at least 8 characters.',
    });
  });

  it("reports 'Passwords don't match' on the confirm field", () => {
    const result = ZPasswordForm.safeParse({
      currentPassword: 'old-password',
      newPassword: 'new-password',
      confirmPassword: 'new-passwort',
    });
    expect(messages(result)).toEqual({ confirmPassword: "Passwords don't match" });
  });
});

describe('profile and organization forms', () => {
  it('needs a name of 2 characters; the email is changed by its own form, with a valid address and the password', () => {
    expect(messages(ZProfileForm.safeParse({ name: 'A' }))).toEqual({
      name: 'Name must be at least 2 characters',
    });
    expect(messages(ZEmailChangeForm.safeParse({ newEmail: 'x', password: '' }))).toEqual({
      newEmail: 'Please enter a valid email address.',
      password: 'Password is required',
    });
  });

  it("says 'Organization name must be at least 2 characters.'", () => {
    expect(messages(ZOrganizationForm.safeParse({ name: 'A' }))).toEqual({
      name: 'Organization name must be at least 2 characters.',
    });
  });
});
