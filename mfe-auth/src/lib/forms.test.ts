import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZCompleteProfileForm,
  ZForgotPasswordForm,
  ZLoginForm,
  ZOrganizationSetupForm,
  ZRegisterForm,
  ZResetPasswordForm,
} from './forms.js';

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('login form', () => {
  it("says 'Please enter a valid email address.' and 'Password must be at least 8 characters.'", () => {
    expect(messages(ZLoginForm.safeParse({ email: 'nope', password: 'short' }))).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 8 characters.',
    });
  });

  it('accepts a valid email and an 8-character password', () => {
    expect(ZLoginForm.safeParse({ email: 'Ada@Example.com', password: '12345678' }).success).toBe(true);
  });
});

describe('registration form', () => {
  it('asks for name, email, password and organization name with the seed messages', () => {
    expect(
      messages(ZRegisterForm.safeParse({ email: 'x', password: '1', name: 'A', organizationName: 'B' })),
    ).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 8 characters.',
      name: 'Name must be at least 2 characters',
      organizationName: 'Organization name must be at least 2 characters',
    });
  });
});

describe('complete-profile form', () => {
  it("reports 'Passwords don't match' on confirmPassword", () => {
    const result = ZCompleteProfileForm.safeParse({
      name: 'Ada',
      password: 'abcdefgh',
      confirmPassword: 'abcdefgX',
    });
    expect(messages(result)).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it("says 'Name must be at least 2 characters'", () => {
    const result = ZCompleteProfileForm.safeParse({
      name: 'A',
      password: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(messages(result)).toEqual({ name: 'Name must be at least 2 characters' });
  });
});

describe('organization setup form', () => {
  it('needs a name of 2 to 100 characters', () => {
    expect(
      messages(ZOrganizationSetupForm.safeParse({ name: 'A', plan: 'pro', billingCycle: 'annual' })),
    ).toEqual({
      name: 'Organization name must be at least 2 characters',
    });
    expect(
      ZOrganizationSetupForm.safeParse({ name: 'x'.repeat(101), plan: 'pro', billingCycle: 'annual' })
        .success,
    ).toBe(false);
  });

  it('accepts only basic or pro, monthly or annual', () => {
    expect(
      ZOrganizationSetupForm.safeParse({ name: 'Acme', plan: 'free', billingCycle: 'annual' }).success,
    ).toBe(false);
    expect(
      ZOrganizationSetupForm.safeParse({ name: 'Acme', plan: 'basic', billingCycle: 'weekly' }).success,
    ).toBe(false);
    expect(
      ZOrganizationSetupForm.safeParse({ name: 'Acme', plan: 'basic', billingCycle: 'monthly' }).success,
    ).toBe(true);
  });
});

describe('password reset forms', () => {
  it('validates the email of the reset request', () => {
    expect(messages(ZForgotPasswordForm.safeParse({ email: 'nope' }))).toEqual({
      email: 'Please enter a valid email address.',
    });
  });

  it('needs matching passwords of 8 characters', () => {
    expect(messages(ZResetPasswordForm.safeParse({ password: 'short', confirmPassword: 'short' }))).toEqual({
      password: 'Password must be at least 8 characters.',
    });
    expect(
      messages(ZResetPasswordForm.safeParse({ password: 'abcdefgh', confirmPassword: 'abcdefgi' })),
    ).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
});
