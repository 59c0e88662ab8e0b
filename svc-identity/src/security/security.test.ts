import { describe, expect, it } from 'vitest';
import { createSignedValueCodec } from './signed-cookie.js';
import { createOpaqueToken, hashToken, isPlausibleToken } from './tokens.js';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from './passwords.js';
import { createJwtSigner } from './jwt.js';

describe('opaque tokens', () => {
  it('are 256-bit URL-safe values, different each time, stored as sha256 hex', () => {
    const a = createOpaqueToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createOpaqueToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).not.toContain(a);
    expect(isPlausibleToken(a)).toBe(true);
    expect(isPlausibleToken("'; drop table users;--")).toBe(false);
  });
});

describe('passwords', () => {
  it('hash with argon2id m=19456 t=2 p=1 and verify', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(ARGON2_OPTIONS.memoryCost).toBe(19_456);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});

describe('signed state cookie', () => {
  it('round-trips, refuses tampering, another key and expiry', async () => {
    const codec = createSignedValueCodec('secret-1');
    const encoded = codec.encode({ state: 's', nonce: 'n' }, 60);
    expect(codec.decode(encoded)).toMatchObject({ state: 's', nonce: 'n' });
    const [data, mac] = encoded.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ state: 'evil', nonce: 'n', exp: Date.now() + 60_000 }),
    ).toString('base64url');
    expect(codec.decode(`${forged}.${mac}`)).toBeNull();
    expect(createSignedValueCodec('secret-2').decode(encoded)).toBeNull();
    expect(codec.decode(`${data}`)).toBeNull();
    expect(codec.decode(codec.encode({ state: 's' }, -1))).toBeNull();
  });
});

describe('identity JWT', () => {
  it('refuses a key that is not EC P-256 and generates an ephemeral one when none is configured', () => {
    expect(() => createJwtSigner('-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----')).toThrow();
    const signer = createJwtSigner(undefined);
    expect(signer.isEphemeral).toBe(true);
    const { token, expiresAt } = signer.sign({
      sub: '1',
      org: null,
      role: 'member',
      email: 'a@b.c',
      name: 'A',
      sid: 'x',
      ev: false,
    });
    expect(token.split('.')).toHaveLength(3);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(295_000);
  });
});
