// Form schemas of the team and settings screens, from the contracts (seed 001 section 5): the browser and
// svc-identity apply the same rules and messages.
import type { z } from 'zod';
import {
  ZChangePasswordBody,
  ZInviteBody,
  ZRequestEmailChangeBody,
  ZUpdateOrganizationBody,
  ZUpdateProfileBody,
  installSeedErrorMessages,
} from '@dealflow/contracts';

// This remote's zod copy says the seed's default messages ('Required', ...) like the server's.
installSeedErrorMessages();

export const ZInviteForm = ZInviteBody;
export type TInviteForm = z.input<typeof ZInviteForm>;

/** The name only: a new email goes through the Email address section (password and a link to it). */
export const ZProfileForm = ZUpdateProfileBody.pick({ name: true });
export type TProfileForm = z.input<typeof ZProfileForm>;

export const ZPasswordForm = ZChangePasswordBody;
export type TPasswordForm = z.input<typeof ZPasswordForm>;

export const ZOrganizationForm = ZUpdateOrganizationBody;
export type TOrganizationForm = z.input<typeof ZOrganizationForm>;

export const ZEmailChangeForm = ZRequestEmailChangeBody;
export type TEmailChangeForm = z.input<typeof ZEmailChangeForm>;
