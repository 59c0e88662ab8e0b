import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { ZInvitationDetails } from '@dealflow/contracts';
import { ApiError } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';

export type TInvitationDetails = z.infer<typeof ZInvitationDetails>;

export type TInvitationState =
  | { status: 'loading' }
  | { status: 'valid'; invitation: TInvitationDetails }
  | { status: 'success'; invitation: TInvitationDetails }
  | { status: 'invalid' | 'expired' | 'error'; message: string };

/** Seed 000 section 8: the invitation messages. */
export const InvitationMessages = {
  noToken: 'Invalid invitation link. No token provided.',
  notFound: 'This invitation does not exist or has been revoked.',
  expired: 'This invitation has expired.',
  validateFailed: 'Failed to validate invitation.',
  network: 'An unexpected error occurred. Please try again later.',
} as const;

export const INVITATION_REDIRECT_MS = 2000;

export async function validateInvitation(token: string | null): Promise<TInvitationState> {
  if (!token) return { status: 'invalid', message: InvitationMessages.noToken };
  try {
    const invitation: TInvitationDetails = await api.identity.validateInvitation(
      { query: { token, _t: String(Date.now()) } },
      { cache: 'no-store' },
    );
    return { status: 'valid', invitation };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { status: 'invalid', message: InvitationMessages.notFound };
    if (error instanceof ApiError && error.status === 410)
      return { status: 'expired', message: InvitationMessages.expired };
    if (error instanceof ApiError && error.status > 0) {
      return { status: 'error', message: error.message || InvitationMessages.validateFailed };
    }
    return { status: 'error', message: InvitationMessages.network };
  }
}

/** loading -> valid | invalid (no token, 404) | expired (410) | error; the page moves valid -> success. */
export function useInvitation(token: string | null) {
  const [state, setState] = useState<TInvitationState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    void validateInvitation(token).then((next) => {
      if (active) setState(next);
    });
    return () => {
      active = false;
    };
  }, [token]);
  return [state, setState] as const;
}

export const roleLabel = (role: string): string => (role === 'owner' ? 'Owner' : 'Member');
