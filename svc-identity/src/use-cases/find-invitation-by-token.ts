import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { IInvitation } from '../entities/invitation.js';
import { findInvitationByTokenHash } from '../repositories/invitation.repository.js';
import { hashToken, isPlausibleToken } from '../security/tokens.js';

/** A pending, unexpired invitation for this token: 404 when unknown, revoked or used; 410 when expired. */
export async function findUsableInvitation(
  em: EntityManager,
  token: string,
  options: { lock?: boolean } = {},
): Promise<IInvitation> {
  if (!isPlausibleToken(token)) throw new IdentityError('INVITATION_NOT_FOUND');
  const invitation = await findInvitationByTokenHash(em, hashToken(token), options);
  if (!invitation || invitation.status !== 'pending') throw new IdentityError('INVITATION_NOT_FOUND');
  if (invitation.expiresAt.getTime() <= Date.now()) throw new IdentityError('INVITATION_EXPIRED');
  return invitation;
}
