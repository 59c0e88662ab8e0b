import type { EntityManager } from '@mikro-orm/core';
import { UserSchema, type IUser } from '../entities/user.js';

export const findUserByEmail = (em: EntityManager, email: string): Promise<IUser | null> =>
  em.findOne(UserSchema, { email: email.trim().toLowerCase() });

export const findUserById = (em: EntityManager, id: number): Promise<IUser | null> =>
  em.findOne(UserSchema, { id });

/** The user of a signed-in actor's token: it exists (an error otherwise, as for any broken invariant). */
export const getUserById = (em: EntityManager, id: number): Promise<IUser> =>
  em.findOneOrFail(UserSchema, { id });

/** Every member leaves the organization (it is being deleted): no organization, role member. */
export const detachOrganizationMembers = (em: EntityManager, organizationId: number) =>
  em.nativeUpdate(UserSchema, { organizationId }, { organizationId: null, role: 'member' });

export const findUserByGoogleId = (em: EntityManager, googleId: string): Promise<IUser | null> =>
  em.findOne(UserSchema, { googleId });

export function createUser(
  em: EntityManager,
  data: Pick<IUser, 'email' | 'name'> &
    Partial<
      Pick<
        IUser,
        'passwordHash' | 'googleId' | 'profilePicture' | 'organizationId' | 'role' | 'emailVerifiedAt'
      >
    >,
): IUser {
  return em.create(UserSchema, {
    email: data.email.trim().toLowerCase(),
    name: data.name,
    passwordHash: data.passwordHash ?? null,
    googleId: data.googleId ?? null,
    profilePicture: data.profilePicture ?? null,
    organizationId: data.organizationId ?? null,
    role: data.role ?? 'member',
    digitalProductAccess: false,
    stripeCheckoutId: null,
    purchaseDate: null,
    emailVerifiedAt: data.emailVerifiedAt ?? null,
    createdAt: new Date(),
  });
}

export const listOrganizationMembers = (em: EntityManager, organizationId: number): Promise<IUser[]> =>
  em.find(UserSchema, { organizationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });

export const countOrganizationMembers = (em: EntityManager, organizationId: number): Promise<number> =>
  em.count(UserSchema, { organizationId });

export const countOrganizationOwners = (em: EntityManager, organizationId: number): Promise<number> =>
  em.count(UserSchema, { organizationId, role: 'owner' });
