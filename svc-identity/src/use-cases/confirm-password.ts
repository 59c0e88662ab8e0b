import { IdentityError } from '../errors.js';
import type { IUser } from '../entities/user.js';
import { verifyPassword } from '../security/passwords.js';

/** Destructive actions are confirmed with the account's password. */
export async function confirmPassword(user: IUser, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw new IdentityError('WRONG_PASSWORD');
}
