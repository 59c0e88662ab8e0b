import { IngestError, IngestMessages } from '../../errors.js';
import type { TSecretBox } from '@dealflow/service-kit';

/**
 * An organization's stored credential (mailbox password, accounting client secret) or sealed data (a sync's
 * export, bound to its run). The organization and the
 * purpose are bound as associated data: a secret copied to another row does not open. Without an encryption
 * key (MAILBOX_ENCRYPTION_KEY) nothing can be sealed or opened: 503.
 */
export function orgCredential(
  secretBox: TSecretBox | null,
  orgId: number,
  purpose: 'mailbox' | 'accounting' | 'mailgun' | 'webhook-secret' | `accounting-export:${number}`,
) {
  if (!secretBox) throw new IngestError('ENCRYPTION_NOT_CONFIGURED', IngestMessages.encryptionNotConfigured);
  const context = `org:${orgId}:${purpose}`;
  return {
    seal: (plain: string) => secretBox.encrypt(plain, context),
    open: (sealed: string) => secretBox.decrypt(sealed, context),
  };
}
