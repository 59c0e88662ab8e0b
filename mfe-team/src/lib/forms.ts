// Form schemas of the team and settings screens, from the contracts (seed 001 section 5): the browser and
// svc-identity apply the same rules and messages.
import { z } from 'zod';
import {
  ZChangePasswordBody,
  ZCreateApiKeyBody,
  ZCreateWebhookEndpointBody,
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

export const ZApiKeyForm = ZCreateApiKeyBody;
export type TApiKeyForm = z.input<typeof ZApiKeyForm>;

/** The endpoint's events as the contract says; its URL https only, as the server's outbound guard wants. */
export const ZWebhookEndpointForm = ZCreateWebhookEndpointBody.pick({ events: true }).extend({
  url: z
    .string()
    .trim()
    .regex(/^https:\/\/\S+$/i, 'Enter an address that starts with https://'),
});
export type TWebhookEndpointForm = z.input<typeof ZWebhookEndpointForm>;
