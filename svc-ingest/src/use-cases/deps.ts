import type { TConfig } from '../config.js';
import type { TSecretBox } from '../crypto/secret-box.js';
import { IngestError } from '../errors.js';

/** What the mailbox and accounting use-cases need besides the EntityManager. */
export interface TIntegrationDeps {
  config: Pick<TConfig, 'INBOUND_MAIL_DOMAIN' | 'IMAP_TIMEOUT_MS'>;
  secretBox: TSecretBox | null;
}

export function requireSecretBox(deps: TIntegrationDeps): TSecretBox {
  if (!deps.secretBox) {
    throw new IngestError(
      'ENCRYPTION_NOT_CONFIGURED',
      'Credentials cannot be stored: MAILBOX_ENCRYPTION_KEY is not configured',
    );
  }
  return deps.secretBox;
}

export const secretContext = (orgId: number, purpose: 'mailbox' | 'accounting') => `org:${orgId}:${purpose}`;
