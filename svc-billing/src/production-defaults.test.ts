import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadServiceConfig } from './config.js';

const LICENCE_SIGNING_KEY = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const token = {
  NODE_ENV: 'production',
  INTERNAL_API_TOKEN: 'a-long-random-internal-token',
  LICENCE_SIGNING_KEY,
};
const stripe = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_BASIC_MONTHLY: 'price_bm',
  STRIPE_PRICE_BASIC_ANNUAL: 'price_ba',
  STRIPE_PRICE_PRO_MONTHLY: 'price_pm',
  STRIPE_PRICE_PRO_ANNUAL: 'price_pa',
  STRIPE_PRICE_TEMPLATE: 'price_t',
};

describe('svc-billing in production refuses development defaults', () => {
  it('starts with Stripe and a real token', () => {
    expect(loadServiceConfig({ ...token, ...stripe }).stripe.secretKey).toBe('sk_live_x');
  });
  it('refuses the development INTERNAL_API_TOKEN', () => {
    expect(() => loadServiceConfig({ ...stripe, NODE_ENV: 'production' })).toThrowError(/INTERNAL_API_TOKEN/);
  });
  it('refuses the embedded (test-card) payment provider unless ALLOW_EMBEDDED_PAYMENTS=1', () => {
    expect(() =>
      loadServiceConfig({ ...token, EMBEDDED_PAYMENTS_SECRET: 'a-real-secret-of-32-characters!!' }),
    ).toThrowError(/STRIPE_SECRET_KEY.*ALLOW_EMBEDDED_PAYMENTS=1/);
    const allowed = loadServiceConfig({
      ...token,
      ALLOW_EMBEDDED_PAYMENTS: '1',
      EMBEDDED_PAYMENTS_SECRET: 'a-real-secret-of-32-characters!!',
    });
    expect(allowed.stripe.secretKey).toBeUndefined();
  });
  it('refuses the development portal-link secret of the embedded provider, even when it is allowed', () => {
    expect(() => loadServiceConfig({ ...token, ALLOW_EMBEDDED_PAYMENTS: '1' })).toThrowError(
      /EMBEDDED_PAYMENTS_SECRET/,
    );
  });
  it('refuses to sign licence keys with a key made at start (issue 20)', () => {
    expect(() => loadServiceConfig({ ...token, ...stripe, LICENCE_SIGNING_KEY: '' })).toThrowError(
      /LICENCE_SIGNING_KEY/,
    );
  });
  it('accepts all of them outside production', () => {
    expect(loadServiceConfig({}).stripe.secretKey).toBeUndefined();
  });
});
