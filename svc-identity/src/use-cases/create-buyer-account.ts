import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { TProvisionBuyerBody, TProvisionBuyerResponse } from '@dealflow/contracts';
import type { TIdentityDeps } from '../deps.js';
import { addResetToken } from '../repositories/password-reset-token.repository.js';
import { createUser, findUserByEmail } from '../repositories/user.repository.js';
import { createOpaqueToken, hashToken } from '../security/tokens.js';
import { renderClaimPurchaseEmail, renderSetPasswordEmail } from '../emails/buyer-templates.js';
import type { TEmailContent } from '../emails/templates.js';

/** The set-password link of a new buyer lives longer than a reset link (1 h): it comes with a purchase. */
export const SET_PASSWORD_TTL_MS = 24 * 3600 * 1000;

const nameFromEmail = (email: string) => email.split('@')[0]!.slice(0, 100) || 'Buyer';

/**
 * Internal (billing, after a guest's paid checkout): the account of the address given at checkout.
 *
 * - Unknown address: a new account with no password and no organization, marked with the checkout session
 *   (`stripeCheckoutId`), and a set-password email through the reset-password tokens (`/reset-password`).
 * - Address of an existing account: nothing is handed over. The owner gets `claimUrl` by email (billing links
 *   the purchase only when it is used), and the answer is `created: false` so billing signs nobody in.
 * - The same checkout again (webhook and auto-login both get here): the account it created answers
 *   `created: true` again, and no second email goes out.
 */
export async function createBuyerAccount(
  em: EntityManager,
  deps: TIdentityDeps,
  input: TProvisionBuyerBody,
): Promise<TProvisionBuyerResponse & { delivery: Promise<void> }> {
  try {
    return await provision(em, deps, input);
  } catch (error) {
    // Two checkouts with one new address at once: the second finds the first's account.
    if (error instanceof UniqueConstraintViolationException) return provision(em, deps, input);
    throw error;
  }
}

async function provision(
  em: EntityManager,
  deps: TIdentityDeps,
  input: TProvisionBuyerBody,
): Promise<TProvisionBuyerResponse & { delivery: Promise<void> }> {
  const email = input.email.trim().toLowerCase();
  let mail: { to: string; content: TEmailContent; kind: string } | null = null;
  const result = await em.transactional(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      const isThisCheckoutsAccount =
        existing.stripeCheckoutId === input.checkoutSessionId &&
        existing.passwordHash === null &&
        existing.googleId === null;
      if (isThisCheckoutsAccount) return { userId: existing.id, created: true };
      mail = {
        to: existing.email,
        content: renderClaimPurchaseEmail({
          name: existing.name,
          link: input.claimUrl,
          purchase: input.purchase,
        }),
        kind: 'claim-purchase',
      };
      return { userId: existing.id, created: false };
    }
    const user = createUser(tx, { email, name: input.name?.trim() || nameFromEmail(email) });
    user.stripeCheckoutId = input.checkoutSessionId;
    await tx.flush();
    const token = createOpaqueToken();
    addResetToken(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
    });
    const link = `${deps.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
    mail = {
      to: user.email,
      content: renderSetPasswordEmail({ name: user.name, link, purchase: input.purchase }),
      kind: 'set-password',
    };
    return { userId: user.id, created: true };
  });
  const pending = mail as { to: string; content: TEmailContent; kind: string } | null;
  const delivery = pending
    ? deps.mailer.send(pending.to, pending.content, pending.kind).catch((error: unknown) => {
        deps.logger.error({ err: error, kind: pending.kind, userId: result.userId }, 'buyer email failed');
      })
    : Promise.resolve();
  return { ...result, delivery };
}
