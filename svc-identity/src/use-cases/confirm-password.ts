import { IdentityError } from '../errors.js';
import type { IUser } from '../entities/user.js';
import { verifyPassword } from '../security/passwords.js';

export const WRONG_PASSWORD_MESSAGE = 'Incorrect password';

/** Destructive actions are confirmed with the account's password. */
export async function confirmPassword(user: IUser, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new IdentityError('WRONG_PASSWORD', WRONG_PASSWORD_MESSAGE);
}
