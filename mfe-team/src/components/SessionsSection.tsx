import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { toast, Button } from '@dealflow/web-kit';
import { QueryState, SettingsSection } from '@dealflow/web-kit/settings';
import { api } from '@dealflow/contracts/client';
import type { TAccountSession } from '@dealflow/contracts';
import { useFormStyles } from './Section.js';
import { ConfirmDialog } from './ConfirmDialog.js';

import { errorText } from '../lib/format.js';

export const SessionsTexts = {
  title: 'Your sessions',
  description:
    'Where your account is signed in. End any session you do not recognise: it stops working at once.',
  thisDevice: 'This device',
  revoke: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  onlyThis: 'This is your only session.',
  unknownDevice: 'Unknown device',
} as const;

const kindLabel = (kind: TAccountSession['kind']) => (kind === 'bearer' ? 'API token' : 'Browser');
const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Settings, Security tab: the signed-in user's live sessions (svc-identity `GET /api/account/sessions`) with
 * the device in plain words, IP, kind, created and last seen, "This device" marked; sign one out, or every
 * other one.
 */
export function SessionsSection() {
  const styles = useFormStyles();
  const queryClient = useQueryClient();
  const sessions = useQuery({ ...api.identity.listSessions.queryOptions() });
  const [confirmOthers, setConfirmOthers] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: api.identity.listSessions.key() });

  const revoke = useMutation({
    mutationFn: (session: TAccountSession) => api.identity.revokeSession({ params: { id: session.id } }),
    onSuccess: async (_answer, session) => {
      toast({
        title: 'Session ended',
        description: `${session.device ?? SessionsTexts.unknownDevice} is signed out.`,
        variant: 'success',
      });
      await reload();
    },
    onError: async (error) => {
      toast({
        title: 'Could not end the session',
        description: errorText(error, 'There was an error ending the session.'),
        variant: 'error',
      });
      await reload();
    },
  });

  const revokeOthers = useMutation({
    mutationFn: () => api.identity.revokeOtherSessions(),
    onSuccess: async ({ revoked }) => {
      setConfirmOthers(false);
      toast({
        title: 'Signed out everywhere else',
        description: revoked === 1 ? '1 other session ended.' : `${revoked} other sessions ended.`,
        variant: 'success',
      });
      await reload();
    },
    onError: (error) =>
      toast({
        title: 'Could not sign out the other sessions',
        description: errorText(error, 'There was an error ending your other sessions.'),
        variant: 'error',
      }),
  });

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.isCurrent);
  return (
    <SettingsSection
      title={SessionsTexts.title}
      description={SessionsTexts.description}
      actions={
        others.length > 0 ? (
          <Button onClick={() => setConfirmOthers(true)} disabled={revokeOthers.isPending}>
            {SessionsTexts.signOutOthers}
          </Button>
        ) : null
      }
    >
      <QueryState
        isPending={sessions.isPending}
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        label="your sessions"
      />
      {sessions.data ? (
        <>
          <Table aria-label={SessionsTexts.title} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Device</TableHeaderCell>
                <TableHeaderCell>IP address</TableHeaderCell>
                <TableHeaderCell>Kind</TableHeaderCell>
                <TableHeaderCell>Signed in</TableHeaderCell>
                <TableHeaderCell>Last seen</TableHeaderCell>
                <TableHeaderCell>
                  <span className={styles.muted}>Action</span>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((session) => (
                <TableRow key={session.id} data-testid="session-row">
                  <TableCell>
                    {session.device ?? SessionsTexts.unknownDevice}{' '}
                    {session.isCurrent ? (
                      <Badge appearance="tint" color="brand">
                        {SessionsTexts.thisDevice}
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell>{session.ip ?? '—'}</TableCell>
                  <TableCell>{kindLabel(session.kind)}</TableCell>
                  <TableCell>{when(session.createdAt)}</TableCell>
                  <TableCell>{when(session.lastSeenAt)}</TableCell>
                  <TableCell>
                    {session.isCurrent ? null : (
                      <Button
                        size="small"
                        disabled={revoke.isPending}
                        aria-label={`${SessionsTexts.revoke} ${session.device ?? SessionsTexts.unknownDevice} (${session.ip ?? 'no IP'})`}
                        onClick={() => revoke.mutate(session)}
                      >
                        {SessionsTexts.revoke}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {others.length === 0 ? <p className={styles.muted}>{SessionsTexts.onlyThis}</p> : null}
        </>
      ) : null}
      <ConfirmDialog
        open={confirmOthers}
        title="Sign out everywhere else?"
        confirmLabel={SessionsTexts.signOutOthers}
        busy={revokeOthers.isPending}
        onConfirm={() => revokeOthers.mutate()}
        onClose={() => setConfirmOthers(false)}
      >
        Every other browser and API token of your account is signed out at once. This device stays signed in.
      </ConfirmDialog>
    </SettingsSection>
  );
}
