import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest, one construction for every service, each with its own key: svc-ingest's
 * mailbox passwords and accounting client secrets, svc-identity's TOTP secrets, svc-crm's Affinity API keys.
 * Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url); the caller's context (an organization or user id) is bound as
 * associated data, so a ciphertext copied to another row does not decrypt.
 */
export interface TSecretBox {
  encrypt(plain: string, context: string): string;
  decrypt(sealed: string, context: string): string;
}

/** GCM's full tag: a shorter one (Node accepts down to 4 bytes) would make forging a ciphertext feasible. */
const TAG_LENGTH = 16;

export function createSecretBox(keyBase64: string): TSecretBox {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
  return {
    encrypt(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_LENGTH });
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed, context) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined)
        throw new Error('Unknown secret format');
      const authTag = Buffer.from(tag, 'base64url');
      if (authTag.length !== TAG_LENGTH) throw new Error('Invalid authentication tag length');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_LENGTH,
      });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(authTag);
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
