// The team page's server state: members and invitations, and the owner's actions on them with their toasts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TRole, ZInvitation, ZMember } from '@dealflow/contracts';
import { api } from '@dealflow/contracts/client';
import { toast } from '@dealflow/web-kit';
import type { TInviteForm } from '../lib/forms.js';
import { errorText, roleLabel } from '../lib/format.js';

export type TMember = z.infer<typeof ZMember>;
export type TInvitation = z.infer<typeof ZInvitation>;

/** Queries and mutations of /team-members; `onDone` closes the dialog an action came from. */
export function useTeamMembers({ isOwner, onDone }: { isOwner: boolean; onDone: () => void }) {
  const queryClient = useQueryClient();
  const members = useQuery(api.identity.listMembers.queryOptions());
  const invitations = useQuery({ ...api.identity.listInvitations.queryOptions(), enabled: isOwner });
  const refreshMembers = () => queryClient.invalidateQueries({ queryKey: api.identity.listMembers.key() });
  const refreshInvitations = () =>
    queryClient.invalidateQueries({ queryKey: api.identity.listInvitations.key() });

  const invite = useMutation({
    mutationFn: (values: TInviteForm) => api.identity.invite(values),
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
    mutationFn: (member: TMember) => api.identity.removeMember({ params: { id: member.id } }),
    onSuccess: (_, member) => {
      toast({
        title: 'Member removed',
        description: `${member.name} was removed from the organization.`,
        variant: 'success',
      });
      onDone();
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
      api.identity.changeMemberRole({ params: { id: member.id }, body: { role } }),
    onSuccess: (updated) => {
      toast({
        title: 'Role updated',
        description: `${updated.name} is now ${roleLabel(updated.role)}.`,
        variant: 'success',
      });
      onDone();
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
    mutationFn: (invitation: TInvitation) => api.identity.revokeInvitation({ params: { id: invitation.id } }),
    onSuccess: (_, invitation) => {
      toast({
        title: 'Invitation revoked',
        description: `The invitation to ${invitation.email} was revoked.`,
        variant: 'success',
      });
      onDone();
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
      api.identity.changeInvitationRole({ params: { id: invitation.id }, body: { role } }),
    onSuccess: (updated) => {
      toast({
        title: 'Role updated',
        description: `The invitation to ${updated.email} is now for ${roleLabel(updated.role)}.`,
        variant: 'success',
      });
      onDone();
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

  return {
    members,
    invitations,
    invite,
    removeMember,
    changeMemberRole,
    revokeInvitation,
    changeInvitationRole,
  };
}
