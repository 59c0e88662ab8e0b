// Integration 1's server state: the organization's mailbox status, its webhook secret and Mailgun key.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@dealflow/contracts/client';
import { MAILBOX_KEY, getMailbox, type TMailboxStatus } from '../lib/records-api.js';

export const useMailbox = () => useQuery({ queryKey: MAILBOX_KEY, queryFn: getMailbox });

/** Rotate the webhook secret (owners); the answer is the new status with the new secret. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.ingest.mailboxRotateSecret(),
    onSuccess: (next: TMailboxStatus) => queryClient.setQueryData(MAILBOX_KEY, next),
  });
}

/** Store (or remove, with null) Mailgun's webhook signing key (owners). */
export function useSaveMailgunKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signingKey: string | null) => api.ingest.mailboxMailgunKey({ signingKey }),
    onSuccess: (next: TMailboxStatus) => queryClient.setQueryData(MAILBOX_KEY, next),
  });
}
