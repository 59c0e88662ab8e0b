// Integration 1's server state: the organization's mailbox status, its webhook secret and Mailgun key.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@dealflow/contracts/client';
import type { TReauthentication } from '@dealflow/web-kit';
import { type TMailboxStatus } from '../lib/records-api.js';

/**
 * Polled every 20 s until Gmail's forwarding confirmation has come (issue 22): the owner who just added the address
 * in Gmail sees the code without reloading.
 */
export const useMailbox = () =>
  useQuery({
    ...api.ingest.mailbox.queryOptions(),
    refetchInterval: (query) => (query.state.data?.forwardingConfirmation ? false : 20_000),
  });

/** Rotate the webhook secret (owners); the answer is the new status, the new secret masked in it. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.ingest.mailboxRotateSecret(),
    onSuccess: (next: TMailboxStatus) => queryClient.setQueryData(api.ingest.mailbox.key(), next),
  });
}

/**
 * The webhook secret itself (owners): the service asks for the password again when the last one is over
 * 10 minutes old; `withReauthentication` (the kit's prompt) asks for it and tries again.
 */
export function useRevealWebhookSecret(withReauthentication: TReauthentication['withReauthentication']) {
  return useMutation({
    mutationFn: () => withReauthentication(() => api.ingest.mailboxRevealSecret()),
  });
}

/** Store (or remove, with null) Mailgun's webhook signing key (owners). */
export function useSaveMailgunKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signingKey: string | null) => api.ingest.mailboxMailgunKey({ signingKey }),
    onSuccess: (next: TMailboxStatus) => queryClient.setQueryData(api.ingest.mailbox.key(), next),
  });
}
