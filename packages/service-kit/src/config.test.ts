import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, ZBaseConfig, loadConfig } from './config.js';
import { isCrossSiteRequest } from './auth.js';
import { redactUrl } from './logger.js';

describe('loadConfig', () => {
  it('names the variable that is wrong', () => {
    const schema = ZBaseConfig.extend({ STRIPE_SECRET_KEY: z.string().startsWith('sk_') });
    expect(() => loadConfig(schema, { STRIPE_SECRET_KEY: 'nope' })).toThrowError(ConfigError);
    expect(() => loadConfig(schema, { STRIPE_SECRET_KEY: 'nope' })).toThrowError(/STRIPE_SECRET_KEY/);
  });
  it('returns a frozen object with defaults', () => {
    const config = loadConfig(ZBaseConfig, { PORT: '4001' });
    expect(config.PORT).toBe(4001);
    expect(Object.isFrozen(config)).toBe(true);
    expect(config.KAFKA_BROKERS).toBeUndefined();
  });
});

describe('isCrossSiteRequest', () => {
  const url = 'http://localhost:3000';
  const cookie = 'df_session=abc';
  it('refuses a cookie-authenticated write from another site', () => {
    expect(
      isCrossSiteRequest({ method: 'POST', headers: { cookie, 'sec-fetch-site': 'cross-site' } }, url),
    ).toBe(true);
    expect(
      isCrossSiteRequest({ method: 'DELETE', headers: { cookie, origin: 'https://evil.example' } }, url),
    ).toBe(true);
  });
  it('refuses a cross-site cookie write whatever Authorization it carries (Basic, or a bearer the caller has not verified)', () => {
    expect(
      isCrossSiteRequest(
        { method: 'POST', headers: { cookie, authorization: 'Basic x', 'sec-fetch-site': 'cross-site' } },
        url,
      ),
    ).toBe(true);
    expect(
      isCrossSiteRequest(
        { method: 'POST', headers: { cookie, authorization: 'Bearer x', origin: 'https://evil.example' } },
        url,
      ),
    ).toBe(true);
  });
  it('lets same-origin, cookie-less and read requests through', () => {
    expect(
      isCrossSiteRequest({ method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-origin' } }, url),
    ).toBe(false);
    expect(isCrossSiteRequest({ method: 'POST', headers: { cookie, origin: url } }, url)).toBe(false);
    expect(
      isCrossSiteRequest(
        { method: 'POST', headers: { authorization: 'Bearer x', origin: 'https://evil.example' } },
        url,
      ),
    ).toBe(false);
    expect(
      isCrossSiteRequest({ method: 'GET', headers: { cookie, 'sec-fetch-site': 'cross-site' } }, url),
    ).toBe(false);
  });
});

describe('redactUrl', () => {
  it('removes tokens from logged URLs', () => {
    expect(redactUrl('/api/invitations/validate?token=abc123&_t=1')).toBe(
      '/api/invitations/validate?token=[redacted]&_t=1',
    );
  });
});
