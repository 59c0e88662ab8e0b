import type { EntityManager } from '@mikro-orm/core';
import type { TIngestDeps } from '../deps.js';
import { findPlaintextWebhookSecrets, sealWebhookSecret } from '../repositories/organization.repository.js';

/**
 * Seals the webhook secrets still stored in plaintext (rows written before secrets were sealed: the
 * migration hashes them in SQL, but it has no encryption key to seal them), once at boot. Without a key
 * nothing can be sealed (the boot warns). Returns how many were sealed.
 */
export async function sealPlaintextWebhookSecrets(
  em: EntityManager,
  deps: Pick<TIngestDeps, 'secretBox'>,
): Promise<number> {
  const { secretBox } = deps;
  if (!secretBox) return 0;
  let sealed = 0;
  for (const org of await findPlaintextWebhookSecrets(em)) {
    if (org.webhookSecretPlain === null) continue;
    sealed += await sealWebhookSecret(em, org.id, org.webhookSecretPlain, secretBox);
  }
  return sealed;
}
