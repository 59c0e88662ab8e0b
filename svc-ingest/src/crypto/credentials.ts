import { IngestError } from '../errors.js';
import type { TSecretBox } from './secret-box.js';

type TPurpose = 'mailbox' | 'accounting';

// The organization and purpose are bound as associated data: a secret copied to another row does not open.
const context = (orgId: number, purpose: TPurpose) => `org:${orgId}:${purpose}`;

function requireBox(secretBox: TSecretBox | null): TSecretBox {
  if (!secretBox) throw new IngestError('ENCRYPTION_NOT_CONFIGURED');
  return secretBox;
}

/** Encrypts an organization's credential for storage (503 when no encryption key is configured). */
export const sealCredential = (
  secretBox: TSecretBox | null,
  orgId: number,
  purpose: TPurpose,
  plain: string,
) => requireBox(secretBox).encrypt(plain, context(orgId, purpose));

export const openCredential = (
  secretBox: TSecretBox | null,
  orgId: number,
  purpose: TPurpose,
  sealed: string,
) => requireBox(secretBox).decrypt(sealed, context(orgId, purpose));

/** Connect checks this before it even tries the server: nothing could be stored otherwise. */
export const assertCanSeal = (secretBox: TSecretBox | null) => void requireBox(secretBox);
