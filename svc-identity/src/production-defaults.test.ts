import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEV_TWO_FACTOR_ENCRYPTION_KEY, loadServiceConfig } from './config.js';

const privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const production = {
  NODE_ENV: 'production',
  INTERNAL_API_TOKEN: 'a-long-random-internal-token',
  IDENTITY_JWT_PRIVATE_KEY: privateKey,
  SMTP_URL: 'smtp://mail.example.org:587',
  TWO_FACTOR_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  SUPPORT_EMAIL: 'help@example.org',
};

describe('svc-identity in production refuses development defaults', () => {
  it('starts with real values', () => {
    expect(loadServiceConfig(production).NODE_ENV).toBe('production');
  });
  it('refuses the development INTERNAL_API_TOKEN', () => {
    expect(() => loadServiceConfig({ ...production, INTERNAL_API_TOKEN: undefined })).toThrowError(
      /INTERNAL_API_TOKEN/,
    );
  });
  it('refuses an ephemeral signing key (each replica would sign with its own)', () => {
    expect(() => loadServiceConfig({ ...production, IDENTITY_JWT_PRIVATE_KEY: '' })).toThrowError(
      /IDENTITY_JWT_PRIVATE_KEY/,
    );
  });
  it('refuses the file mail outbox unless ALLOW_EMBEDDED_MAIL=1', () => {
    expect(() => loadServiceConfig({ ...production, SMTP_URL: undefined })).toThrowError(
      /SMTP_URL.*ALLOW_EMBEDDED_MAIL=1/,
    );
    expect(
      loadServiceConfig({ ...production, SMTP_URL: undefined, ALLOW_EMBEDDED_MAIL: '1' }).mail.smtpUrl,
    ).toBe(undefined);
  });
  it('refuses the development two-factor encryption key (it is in the source code)', () => {
    expect(() => loadServiceConfig({ ...production, TWO_FACTOR_ENCRYPTION_KEY: undefined })).toThrowError(
      /TWO_FACTOR_ENCRYPTION_KEY/,
    );
    expect(() =>
      loadServiceConfig({ ...production, TWO_FACTOR_ENCRYPTION_KEY: DEV_TWO_FACTOR_ENCRYPTION_KEY }),
    ).toThrowError(/TWO_FACTOR_ENCRYPTION_KEY/);
  });
  it('refuses the placeholder support address (support requests would reach nobody)', () => {
    expect(() => loadServiceConfig({ ...production, SUPPORT_EMAIL: undefined })).toThrowError(
      /SUPPORT_EMAIL/,
    );
    expect(() => loadServiceConfig({ ...production, SUPPORT_EMAIL: 'support@dealflow.local' })).toThrowError(
      /SUPPORT_EMAIL/,
    );
    expect(() => loadServiceConfig({ ...production, SUPPORT_EMAIL: 'not an address' })).toThrowError(
      /SUPPORT_EMAIL/,
    );
  });
  it('refuses a two-factor key that is not 32 bytes', () => {
    expect(() =>
      loadServiceConfig({ NODE_ENV: 'development', TWO_FACTOR_ENCRYPTION_KEY: 'c2hvcnQ=' }),
    ).toThrowError(/32 bytes/);
  });
  it('accepts all of them outside production', () => {
    expect(loadServiceConfig({}).mail.smtpUrl).toBeUndefined();
    expect(loadServiceConfig({}).supportEmail).toBe('support@dealflow.local');
  });
});
