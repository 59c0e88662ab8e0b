import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components';
import type { z } from 'zod';
import type { TRole, ZInvitation, ZMember } from '@dealflow/contracts';
import { PageHeading, apiRequest, toast, useAuth } from '@dealflow/web-kit';
import { ConfirmDialog, RoleDialog } from '../components/ConfirmDialog.js';
import { InviteDialog } from '../components/InviteDialog.js';
import { Section, useFormStyles } from '../components/Section.js';
import type { TInviteForm } from '../lib/forms.js';
import { BILLING_NOTICE, REMOVAL_BILLING_NOTICE, errorText, formatDate, roleLabel } from '../lib/format.js';

type TMember = z.infer<typeof ZMember>;
type TInvitation = z.infer<typeof ZInvitation>;

export const MEMBERS_PATH = '/api/organization/members';
export const INVITATIONS_PATH = '/api/organization/invitations';
export const NO_ADDITIONAL_MEMBERS = 'Your organization has no additional members.';

type TDialog =
  | { kind: 'invite' }
  | { kind: 'remove'; member: TMember }
  | { kind: 'memberRole'; member: TMember }
  | { kind: 'revoke'; invitation: TInvitation }
  | { kind: 'invitationRole'; invitation: TInvitation }
  | null;

const useStyles = makeStyles({
  actions: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
  tableWrap: { overflowX: 'auto' },
});

function RoleBadge({ role }: { role: TRole }) {
  return (
    <Badge
      appearance={role === 'owner' ? 'filled' : 'tint'}
      color={role === 'owner' ? 'brand' : 'informative'}
    >
      {roleLabel(role)}
    </Badge>
  );
}

function QueryState({
  isPending,
  error,
  onRetry,
  label,
}: {
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  label: string;
}) {
  const styles = useFormStyles();
  if (isPending) {
    return (
      <div className={styles.center}>
        <Spinner label={`Loading ${label}...`} />
      </div>
    );
  }
  if (error) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          Could not load {label}: {error.message}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={onRetry}>Retry</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return null;
}

/** /team-members: the organization's members; owners also invite, change roles, remove and manage invitations. */
export default function TeamMembersPage() {
  const styles = useStyles();
  const formStyles = useFormStyles();
  const { user, isOwner } = useAuth();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<TDialog>(null);
  const close = () => setDialog(null);

  const members = useQuery({
    queryKey: [MEMBERS_PATH],
    queryFn: () => apiRequest<TMember[]>('GET', MEMBERS_PATH),
  });
  const invitations = useQuery({
    queryKey: [INVITATIONS_PATH],
    queryFn: () => apiRequest<TInvitation[]>('GET', INVITATIONS_PATH),
    enabled: isOwner,
  });
  const refreshMembers = () => queryClient.invalidateQueries({ queryKey: [MEMBERS_PATH] });
  const refreshInvitations = () => queryClient.invalidateQueries({ queryKey: [INVITATIONS_PATH] });

  const invite = useMutation({
    mutationFn: (values: TInviteForm) => apiRequest<TInvitation>('POST', '/api/organization/invite', values),
    onSuccess: (invitation) => {
      toast({
        title: 'Invitation sent',
        description: `We emailed an invitation to ${invitation.email}.`,
        variant: 'success',
      });
      void refreshInvitations();
    },
    onError: (error) =>
      toast({
        title: 'Invitation failed',
        description: errorText(error, 'There was an error sending the invitation.'),
        variant: 'error',
      }),
  });
  const removeMember = useMutation({
    mutationFn: (member: TMember) => apiRequest('DELETE', `${MEMBERS_PATH}/${member.id}`),
    onSuccess: (_, member) => {
      toast({
        title: 'Member removed',
        description: `${member.name} was removed from the organization.`,
        variant: 'success',
      });
      close();
      void refreshMembers();
    },
    onError: (error) =>
      toast({
        title: 'Removal failed',
        description: errorText(error, 'There was an error removing the member.'),
        variant: 'error',
      }),
  });
  const changeMemberRole = useMutation({
    mutationFn: ({ member, role }: { member: TMember; role: TRole }) =>
      apiRequest<TMember>('PATCH', `${MEMBERS_PATH}/${member.id}/role`, { role }),
    onSuccess: (updated) => {
      toast({
        title: 'Role updated',
        description: `${updated.name} is now ${roleLabel(updated.role)}.`,
        variant: 'success',
      });
      close();
      void refreshMembers();
    },
    onError: (error) => {
      toast({
        title: 'Update failed',
        description: errorText(error, 'There was an error updating the role.'),
        variant: 'error',
      });
      // The list may be stale (someone else changed it): show the server's truth.
      void refreshMembers();
    },
  });
  const revokeInvitation = useMutation({
    mutationFn: (invitation: TInvitation) => apiRequest('DELETE', `${INVITATIONS_PATH}/${invitation.id}`),
    onSuccess: (_, invitation) => {
      toast({
        title: 'Invitation revoked',
        description: `The invitation to ${invitation.email} was revoked.`,
        variant: 'success',
      });
      close();
      void refreshInvitations();
    },
    onError: (error) =>
      toast({
        title: 'Revocation failed',
        description: errorText(error, 'There was an error revoking the invitation.'),
        variant: 'error',
      }),
  });
  const changeInvitationRole = useMutation({
    mutationFn: ({ invitation, role }: { invitation: TInvitation; role: TRole }) =>
      apiRequest<TInvitation>('PATCH', `${INVITATIONS_PATH}/${invitation.id}/role`, { role }),
    onSuccess: (updated) => {
      toast({
        title: 'Role updated',
        description: `The invitation to ${updated.email} is now for ${roleLabel(updated.role)}.`,
        variant: 'success',
      });
      close();
      void refreshInvitations();
    },
    onError: (error) => {
      toast({
        title: 'Update failed',
        description: errorText(error, 'There was an error updating the invitation role.'),
        variant: 'error',
      });
      void refreshInvitations();
    },
  });

  const memberList = members.data ?? [];
  const others = memberList.filter((m) => m.id !== user?.id);
  const showEmptyText = !isOwner && members.isSuccess && others.length === 0;

  return (
    <div>
      <PageHeading
        description={isOwner ? 'Manage who can use your organization.' : 'The people in your organization.'}
      >
        Team Members
      </PageHeading>

      <Section
        title="Members"
        actions={
          isOwner ? (
            <Button appearance="primary" onClick={() => setDialog({ kind: 'invite' })}>
              Invite Member
            </Button>
          ) : undefined
        }
      >
        <QueryState
          isPending={members.isPending}
          error={members.error}
          onRetry={() => void members.refetch()}
          label="members"
        />
        {showEmptyText ? <p className={formStyles.muted}>{NO_ADDITIONAL_MEMBERS}</p> : null}
        {members.isSuccess && !showEmptyText ? (
          <div className={styles.tableWrap}>
            <Table aria-label="Members">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Name</TableHeaderCell>
                  <TableHeaderCell>Email</TableHeaderCell>
                  <TableHeaderCell>Role</TableHeaderCell>
                  <TableHeaderCell>Joined</TableHeaderCell>
                  {isOwner ? <TableHeaderCell>Actions</TableHeaderCell> : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {memberList.map((member) => (
                  <TableRow key={member.id}>
                    <TableCell>
                      {member.name}
                      {member.id === user?.id ? ' (you)' : ''}
                    </TableCell>
                    <TableCell>{member.email}</TableCell>
                    <TableCell>
                      <RoleBadge role={member.role} />
                    </TableCell>
                    <TableCell>{formatDate(member.createdAt)}</TableCell>
                    {isOwner ? (
                      <TableCell>
                        {member.id === user?.id ? null : (
                          <div className={styles.actions}>
                            <Button size="small" onClick={() => setDialog({ kind: 'memberRole', member })}>
                              Change Role
                            </Button>
                            <Button size="small" onClick={() => setDialog({ kind: 'remove', member })}>
                              Remove
                            </Button>
                          </div>
                        )}
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        ) : null}
      </Section>

      {isOwner ? (
        <Section title="Pending Invitations" description="Invitations expire after 7 days.">
          <QueryState
            isPending={invitations.isPending}
            error={invitations.error}
            onRetry={() => void invitations.refetch()}
            label="invitations"
          />
          {invitations.isSuccess && invitations.data.length === 0 ? (
            <p className={formStyles.muted}>No pending invitations.</p>
          ) : null}
          {invitations.isSuccess && invitations.data.length > 0 ? (
            <div className={styles.tableWrap}>
              <Table aria-label="Pending Invitations">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>Name</TableHeaderCell>
                    <TableHeaderCell>Email</TableHeaderCell>
                    <TableHeaderCell>Role</TableHeaderCell>
                    <TableHeaderCell>Invited</TableHeaderCell>
                    <TableHeaderCell>Expires</TableHeaderCell>
                    <TableHeaderCell>Actions</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {invitations.data.map((invitation) => (
                    <TableRow key={invitation.id}>
                      <TableCell>{invitation.name ?? '—'}</TableCell>
                      <TableCell>{invitation.email}</TableCell>
                      <TableCell>
                        <RoleBadge role={invitation.role} />
                      </TableCell>
                      <TableCell>{formatDate(invitation.createdAt)}</TableCell>
                      <TableCell>{formatDate(invitation.expiresAt)}</TableCell>
                      <TableCell>
                        <div className={styles.actions}>
                          <Button
                            size="small"
                            onClick={() => setDialog({ kind: 'invitationRole', invitation })}
                          >
                            Change Role
                          </Button>
                          <Button size="small" onClick={() => setDialog({ kind: 'revoke', invitation })}>
                            Revoke
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          ) : null}
        </Section>
      ) : null}

      <InviteDialog
        open={dialog?.kind === 'invite'}
        onClose={close}
        onInvite={async (values) => {
          try {
            await invite.mutateAsync(values);
            return true;
          } catch {
            return false;
          }
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title="Remove Member"
        confirmLabel={removeMember.isPending ? 'Removing...' : 'Remove Member'}
        busy={removeMember.isPending}
        onClose={close}
        onConfirm={() => dialog?.kind === 'remove' && removeMember.mutate(dialog.member)}
      >
        <p>
          Remove{' '}
          {dialog?.kind === 'remove' ? `${dialog.member.name} (${dialog.member.email})` : 'this member'} from
          your organization? They lose access immediately.
        </p>
        <p>{REMOVAL_BILLING_NOTICE}</p>
      </ConfirmDialog>
      <RoleDialog
        open={dialog?.kind === 'memberRole'}
        title="Change Role"
        subject={dialog?.kind === 'memberRole' ? dialog.member.name : ''}
        currentRole={dialog?.kind === 'memberRole' ? dialog.member.role : 'member'}
        busy={changeMemberRole.isPending}
        onClose={close}
        onSave={(role) =>
          dialog?.kind === 'memberRole' && changeMemberRole.mutate({ member: dialog.member, role })
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'revoke'}
        title="Revoke Invitation"
        confirmLabel={revokeInvitation.isPending ? 'Revoking...' : 'Revoke Invitation'}
        busy={revokeInvitation.isPending}
        onClose={close}
        onConfirm={() => dialog?.kind === 'revoke' && revokeInvitation.mutate(dialog.invitation)}
      >
        <p>
          Revoke the invitation to {dialog?.kind === 'revoke' ? dialog.invitation.email : 'this person'}? The
          link in their email will stop working.
        </p>
      </ConfirmDialog>
      <RoleDialog
        open={dialog?.kind === 'invitationRole'}
        title="Change Invitation Role"
        subject={dialog?.kind === 'invitationRole' ? dialog.invitation.email : ''}
        currentRole={dialog?.kind === 'invitationRole' ? dialog.invitation.role : 'member'}
        busy={changeInvitationRole.isPending}
        onClose={close}
        onSave={(role) =>
          dialog?.kind === 'invitationRole' &&
          changeInvitationRole.mutate({ invitation: dialog.invitation, role })
        }
      />
      {isOwner ? <p className={formStyles.muted}>{BILLING_NOTICE}</p> : null}
    </div>
  );
}
