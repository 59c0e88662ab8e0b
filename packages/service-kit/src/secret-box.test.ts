import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32).toString('base64'));

  it('round-trips a secret and never stores it in clear', () => {
    const sealed = box.encrypt('app-password-123', 'org:1');
    expect(sealed).not.toContain('app-password-123');
    expect(box.decrypt(sealed, 'org:1')).toBe('app-password-123');
  });

  it('refuses a ciphertext moved to another organization or tampered with', () => {
    const sealed = box.encrypt('secret', 'org:1');
    expect(() => box.decrypt(sealed, 'org:2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'org:1')).toThrow();
  });

  it('refuses a truncated authentication tag (GCM would otherwise accept a 4-byte tag: 2^32 forgery)', () => {
    const sealed = box.encrypt('secret', 'org:1');
    const parts = sealed.split('.');
    parts[2] = Buffer.from(parts[2]!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'org:1')).toThrow(/tag/i);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createSecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
