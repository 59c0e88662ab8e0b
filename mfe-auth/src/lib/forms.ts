// Form schemas of the sign-in and onboarding screens. Built from the contracts so the browser and
// svc-identity apply the same rules and messages (seed 000 section 5).
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Messages,
  ZBillingCycle,
  ZCompleteProfileBody,
  ZCreateOrganizationBody,
  ZForgotPasswordBody,
  ZLoginBody,
  ZPaidPlan,
  ZRegisterBody,
  installSeedErrorMessages,
} from '@dealflow/contracts';

// This remote's zod copy says the seed's default messages ('Required', ...) like the server's.
installSeedErrorMessages();

/** Login: the server accepts any non-empty password; the form asks for the seed's 8 characters. */
export const ZLoginForm = ZLoginBody.extend({ password: ZRegisterBody.shape.password });
export type TLoginForm = z.input<typeof ZLoginForm>;

/** Registration (two steps: the plan is chosen on /organization-setup). */
export const ZRegisterForm = ZRegisterBody.extend({
  organizationName: ZCreateOrganizationBody.shape.name,
});
export type TRegisterForm = z.input<typeof ZRegisterForm>;

export const ZCompleteProfileForm = ZCompleteProfileBody.omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: Messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type TCompleteProfileForm = z.input<typeof ZCompleteProfileForm>;

export const ZOrganizationSetupForm = z.object({
  name: ZCreateOrganizationBody.shape.name,
  plan: ZPaidPlan,
  billingCycle: ZBillingCycle,
});
export type TOrganizationSetupForm = z.input<typeof ZOrganizationSetupForm>;

export const ZForgotPasswordForm = ZForgotPasswordBody;
export type TForgotPasswordForm = z.input<typeof ZForgotPasswordForm>;

export const ZResetPasswordForm = z
  .object({ password: ZRegisterBody.shape.password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: Messages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

// Resolvers, ready for react-hook-form (the login screen imports these lazily).
export const loginResolver = zodResolver(ZLoginForm);
export const registerResolver = zodResolver(ZRegisterForm);
