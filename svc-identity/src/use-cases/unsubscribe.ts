import type { EntityManager } from '@mikro-orm/core';
import type { TNotificationKind } from '@dealflow/contracts';
import { IdentityError } from '../errors.js';
import { findUserById } from '../repositories/user.repository.js';
import { readUnsubscribeToken } from '../security/unsubscribe-token.js';
import { updateNotificationSettings } from './notification-settings.js';

const WHAT: Record<TNotificationKind, string> = {
  emailOnDeckProcessed: 'emails about processed pitch decks',
  emailOnDealCreated: 'emails about new CRM deals',
  weeklyDigest: 'the weekly digest',
  emailOnMention: 'emails when someone @mentions you on a deal',
};

/** The link of a notification email turns that one setting off, for the user it names. */
export async function unsubscribe(em: EntityManager, secret: string, token: string) {
  const target = readUnsubscribeToken(secret, token);
  if (!target) throw new IdentityError('UNSUBSCRIBE_LINK_INVALID');
  const user = await findUserById(em, target.userId);
  if (!user) throw new IdentityError('UNSUBSCRIBE_LINK_INVALID');
  await updateNotificationSettings(em, { userId: user.id }, { [target.kind]: false });
  return {
    kind: target.kind,
    email: user.email,
    message: `You will no longer receive ${WHAT[target.kind]} at ${user.email}. You can turn them back on in Settings.`,
  };
}
