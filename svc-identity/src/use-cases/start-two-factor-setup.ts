import type { EntityManager } from '@mikro-orm/core';
import QRCode from 'qrcode';
import { requireRecentAuthentication, requireVerifiedSession } from '@dealflow/service-kit';
import { IdentityError } from '../errors.js';
import type { TActor, TIdentityDeps } from '../deps.js';
import { findConfirmedCredential, savePendingCredential } from '../repositories/two-factor.repository.js';
import { createOtpauthUri, createTotpSecret } from '../security/two-factor.js';
import { loadActorUser } from './guards.js';
import { secretContext } from './two-factor-checks.js';

/**
 * Starts enrolling an authenticator app: a new secret, stored sealed and unconfirmed (it protects nothing
 * until a code confirms it), answered as text and as a QR code of its otpauth URI (an SVG rendered here,
 * so the browser downloads no QR library).
 */
export async function startTwoFactorSetup(em: EntityManager, deps: TIdentityDeps, actor: TActor) {
  // A guest checkout's session cannot enrol; anyone else enrols within 10 minutes of a password check (issue 20).
  requireVerifiedSession(actor);
  requireRecentAuthentication(actor);
  const user = await loadActorUser(em, actor);
  if (await findConfirmedCredential(em, user.id))
    throw new IdentityError(
      'CONFLICT',
      'Two-factor sign-in is already on. Turn it off first to change the app.',
    );
  const secret = createTotpSecret();
  await savePendingCredential(em, user.id, deps.twoFactor.secretBox.encrypt(secret, secretContext(user.id)));
  const otpauthUri = createOtpauthUri(secret, user.email);
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauthUri,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}
