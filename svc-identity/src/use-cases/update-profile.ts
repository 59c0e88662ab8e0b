import type { EntityManager } from '@mikro-orm/core';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TActor } from '../deps.js';
import { findUserByEmail } from '../repositories/user.repository.js';
import { loadActorUser } from './guards.js';

export async function updateProfile(
  em: EntityManager,
  actor: TActor,
  input: { name: string; email: string },
) {
  const email = input.email.trim().toLowerCase();
  try {
    return await em.transactional(async (tx) => {
      const user = await loadActorUser(tx, actor);
      if (email !== user.email) {
        const other = await findUserByEmail(tx, email);
        if (other && other.id !== user.id) throw new IdentityError('EMAIL_TAKEN');
      }
      user.name = input.name;
      user.email = email;
      return user;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new IdentityError('EMAIL_TAKEN');
    throw error;
  }
}
