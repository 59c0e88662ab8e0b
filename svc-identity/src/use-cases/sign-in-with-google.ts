import type { EntityManager } from '@mikro-orm/core';
import { IdentityError } from '../errors.js';
import type { TIdentityDeps, TRequestMeta } from '../deps.js';
import { createUser, findUserByEmail, findUserByGoogleId } from '../repositories/user.repository.js';
import { findOrganizationById } from '../repositories/organization.repository.js';
import { createSession } from '../repositories/session.repository.js';
import { logActivity } from '../repositories/activity-log.repository.js';
import { sendWelcomeEmail } from './send-welcome-email.js';
import { startSignInChallenge } from './start-sign-in-challenge.js';

export interface TGoogleProfile {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

/**
 * After the OpenID Connect code exchange: find the account by Google subject, else link it by
 * verified email, else create it (no password); then start a session.
 */
export async function signInWithGoogle(
  em: EntityManager,
  deps: TIdentityDeps,
  profile: TGoogleProfile,
  meta: TRequestMeta,
) {
  const result = await em.transactional(async (tx) => {
    let user = await findUserByGoogleId(tx, profile.sub);
    let isNew = false;
    if (!user) {
      if (!profile.email || !profile.emailVerified) {
        throw new IdentityError('FORBIDDEN', 'Your Google account has no verified email address');
      }
      user = await findUserByEmail(tx, profile.email);
      if (user && !user.emailVerifiedAt) {
        // Linking to an account whose owner never proved the address would hand it to whoever registered
        // it first (pre-account takeover): the owner signs in with the password instead.
        throw new IdentityError(
          'CONFLICT',
          'An account with this email already exists. Sign in with your email and password.',
        );
      }
      if (user) {
        user.googleId = profile.sub;
        if (!user.profilePicture && profile.picture) user.profilePicture = profile.picture;
      } else {
        const name = (profile.name?.trim() || profile.email.split('@')[0] || 'New user').slice(0, 100);
        user = createUser(tx, {
          email: profile.email,
          name,
          googleId: profile.sub,
          profilePicture: profile.picture ?? null,
          emailVerifiedAt: new Date(),
        });
        isNew = true;
      }
      await tx.flush();
    }
    // Two-factor on: Google was the first factor; the session waits for the code (routes/google.ts).
    const challenge = await startSignInChallenge(tx, user.id, 'google');
    if (challenge) return { kind: 'challenge' as const, challenge, user, isNew: false };
    const session = createSession(tx, user.id, deps.config.session.ttlDays, meta);
    logActivity(tx, {
      userId: user.id,
      organizationId: user.organizationId,
      activityType: 'sign_in',
      description: `${user.name} signed in with Google`,
      metadata: { method: 'google' },
      meta,
    });
    const organization = user.organizationId ? await findOrganizationById(tx, user.organizationId) : null;
    return { kind: 'session' as const, user, organization, token: session.token, isNew };
  });
  if (result.kind === 'challenge') return result;
  if (result.isNew) await sendWelcomeEmail(deps, result.user, result.organization);
  return result;
}
