import { useState } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components';
import { PageHeading, useAuth, Button } from '@dealflow/web-kit';
import { QueryState, SettingsSection } from '@dealflow/web-kit/settings';
import { ConfirmDialog, RoleDialog } from '../components/ConfirmDialog.js';
import { InviteDialog } from '../components/InviteDialog.js';
import { useFormStyles } from '../components/Section.js';
import { RoleBadge } from '../components/TeamParts.js';
import { useTeamMembers, type TInvitation, type TMember } from '../hooks/use-team-members.js';
import { BILLING_NOTICE, REMOVAL_BILLING_NOTICE, formatDate } from '../lib/format.js';

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

/** /team-members: the organization's members; owners also invite, change roles, remove and manage invitations. */
export default function TeamMembersPage() {
  const styles = useStyles();
  const formStyles = useFormStyles();
  const { user, isOwner } = useAuth();
  const [dialog, setDialog] = useState<TDialog>(null);
  const close = () => setDialog(null);

  const team = useTeamMembers({ isOwner, onDone: close });

  const memberList = team.members.data ?? [];
  const others = memberList.filter((m) => m.id !== user?.id);
  const showEmptyText = !isOwner && team.members.isSuccess && others.length === 0;

  return (
    <div>
      <PageHeading
        description={isOwner ? 'Manage who can use your organization.' : 'The people in your organization.'}
      >
        Team Members
      </PageHeading>

      <SettingsSection
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
          isPending={team.members.isPending}
          error={team.members.error}
          onRetry={() => void team.members.refetch()}
          label="members"
        />
        {showEmptyText ? <p className={formStyles.muted}>{NO_ADDITIONAL_MEMBERS}</p> : null}
        {team.members.isSuccess && !showEmptyText ? (
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
      </SettingsSection>

      {isOwner ? (
        <SettingsSection title="Pending Invitations" description="Invitations expire after 7 days.">
          <QueryState
            isPending={team.invitations.isPending}
            error={team.invitations.error}
            onRetry={() => void team.invitations.refetch()}
            label="invitations"
          />
          {team.invitations.isSuccess && team.invitations.data.length === 0 ? (
            <p className={formStyles.muted}>No pending invitations.</p>
          ) : null}
          {team.invitations.isSuccess && team.invitations.data.length > 0 ? (
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
                  {team.invitations.data.map((invitation) => (
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
        </SettingsSection>
      ) : null}

      <InviteDialog
        open={dialog?.kind === 'invite'}
        onClose={close}
        onInvite={async (values) => {
          try {
            await team.invite.mutateAsync(values);
            return true;
          } catch {
            return false;
          }
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title="Remove Member"
        confirmLabel={team.removeMember.isPending ? 'Removing...' : 'Remove Member'}
        busy={team.removeMember.isPending}
        onClose={close}
        onConfirm={() => dialog?.kind === 'remove' && team.removeMember.mutate(dialog.member)}
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
        busy={team.changeMemberRole.isPending}
        onClose={close}
        onSave={(role) =>
          dialog?.kind === 'memberRole' && team.changeMemberRole.mutate({ member: dialog.member, role })
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'revoke'}
        title="Revoke Invitation"
        confirmLabel={team.revokeInvitation.isPending ? 'Revoking...' : 'Revoke Invitation'}
        busy={team.revokeInvitation.isPending}
        onClose={close}
        onConfirm={() => dialog?.kind === 'revoke' && team.revokeInvitation.mutate(dialog.invitation)}
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
        busy={team.changeInvitationRole.isPending}
        onClose={close}
        onSave={(role) =>
          dialog?.kind === 'invitationRole' &&
          team.changeInvitationRole.mutate({ invitation: dialog.invitation, role })
        }
      />
      {isOwner ? <p className={formStyles.muted}>{BILLING_NOTICE}</p> : null}
    </div>
  );
}
