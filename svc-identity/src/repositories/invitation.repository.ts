import { LockMode, type EntityManager } from '@mikro-orm/core';
import { InvitationSchema, type IInvitation } from '../entities/invitation.js';

export const findInvitationByTokenHash = (
  em: EntityManager,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<IInvitation | null> =>
  em.findOne(InvitationSchema, { tokenHash }, options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});

/** Pending invitations of the organization, newest first (expired ones included). */
export const listPendingInvitations = (em: EntityManager, organizationId: number): Promise<IInvitation[]> =>
  em.find(
    InvitationSchema,
    { organizationId, status: 'pending' },
    { orderBy: { createdAt: 'desc', id: 'desc' } },
  );

/** A pending invitation of the organization by id (null when unknown, used or revoked). */
export const findPendingInvitation = (
  em: EntityManager,
  organizationId: number,
  id: number,
): Promise<IInvitation | null> => em.findOne(InvitationSchema, { id, organizationId, status: 'pending' });
