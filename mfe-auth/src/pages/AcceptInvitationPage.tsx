import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { format } from 'date-fns';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ApiError, toast, useAuth, Button } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { InvalidInvitation, LoadingCard } from '../components/InvalidInvitation.js';
import { getServerMessage, sleep } from '../lib/errors.js';
import { INVITATION_REDIRECT_MS, roleLabel, useInvitation } from '../lib/invitation.js';

const useStyles = makeStyles({
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: '16px',
    rowGap: '8px',
    margin: 0,
    padding: '16px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
});

export function formatExpiry(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'MMM d, yyyy');
}

/** /accept-invitation?token: the invitation's details; accept when signed in, else complete the profile. */
export default function AcceptInvitationPage() {
  const styles = useStyles();
  const formStyles = useFormStyles();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [state, setState] = useInvitation(token);
  const { isAuthenticated, isLoading, refresh } = useAuth();
  const [isAccepting, setIsAccepting] = useState(false);

  if (state.status === 'loading') return <LoadingCard label="Checking your invitation" />;
  if (!('invitation' in state)) return <InvalidInvitation message={state.message} />;
  const { invitation } = state;
  if (state.status === 'success') {
    return (
      <AuthCard title="Invitation accepted" description={`You have joined ${invitation.organizationName}.`}>
        <p className={formStyles.muted}>Taking you to your dashboard...</p>
      </AuthCard>
    );
  }

  const accept = async () => {
    if (!token) return;
    setIsAccepting(true);
    try {
      await api.identity.acceptInvitation({ query: { token, _t: String(Date.now()) } });
      setState({ status: 'success', invitation });
      toast({
        title: 'Invitation accepted',
        description: `Welcome to ${invitation.organizationName}!`,
        variant: 'success',
      });
      await refresh();
      await sleep(INVITATION_REDIRECT_MS);
      window.location.assign('/dashboard');
    } catch (error) {
      const redirectTo =
        error instanceof ApiError && error.status === 401
          ? (error.body as { redirectTo?: unknown } | null)?.redirectTo
          : undefined;
      if (typeof redirectTo === 'string' && redirectTo.startsWith('/')) {
        window.location.assign(redirectTo);
        return;
      }
      const description =
        error instanceof ApiError && error.status > 0
          ? (getServerMessage(error) ?? 'Failed to accept invitation.')
          : 'An unexpected error occurred while accepting the invitation.';
      toast({ title: 'Error', description, variant: 'error' });
      setIsAccepting(false);
    }
  };

  const completeProfile = () =>
    navigate(`/auth/complete-profile?${new URLSearchParams({ token: token ?? '' })}`);

  return (
    <AuthCard title="You're invited" description={`Join ${invitation.organizationName} on Dealflow.`}>
      <dl className={styles.details}>
        <dt className={styles.term}>Organization</dt>
        <dd className={styles.value}>{invitation.organizationName}</dd>
        <dt className={styles.term}>Invited by</dt>
        <dd className={styles.value}>{invitation.inviterName}</dd>
        <dt className={styles.term}>Email</dt>
        <dd className={styles.value}>{invitation.email}</dd>
        <dt className={styles.term}>Role</dt>
        <dd className={styles.value}>{roleLabel(invitation.role)}</dd>
        <dt className={styles.term}>Expires</dt>
        <dd className={styles.value}>{formatExpiry(invitation.expiresAt)}</dd>
      </dl>
      {isLoading ? null : isAuthenticated ? (
        <Button appearance="primary" onClick={() => void accept()} disabled={isAccepting}>
          {isAccepting ? 'Accepting...' : 'Accept Invitation'}
        </Button>
      ) : (
        <>
          <p className={formStyles.muted}>
            To accept, complete your profile: choose your name and a password.
          </p>
          <Button appearance="primary" onClick={completeProfile}>
            Complete Profile
          </Button>
        </>
      )}
    </AuthCard>
  );
}
