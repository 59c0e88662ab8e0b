import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './request.js';
import { api } from './client.js';
import { json, stubFetch } from '../test/fetch.js';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the typed client through web-kit', () => {
  it("sends the request layer's headers and the cookie (credentials), never a stored token", async () => {
    localStorage.setItem('auth_token', 'tok');
    localStorage.setItem('user_id', '5');
    const calls = stubFetch(() => json({ url: 'https://pay.example/s', sessionId: 'cs_1' }));
    await api.billing.checkout({ plan: 'pro', billingCycle: 'annual' });
    expect(calls[0]).toMatchObject({ url: '/api/stripe/checkout', method: 'POST' });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['X-User-ID']).toBeUndefined();
    expect(calls[0]?.headers).toMatchObject({
      'X-Auth-Bypass': 'true',
      'X-Stripe-Debug': 'true',
      'Content-Type': 'application/json',
    });
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it("rejects with the catalogue's ApiError", async () => {
    stubFetch(() => json({ message: 'Only the owner can do that' }, 403));
    const failure = api.identity.invite({ name: 'Ada', email: 'ada@example.com' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Only the owner can do that');
  });

  it('refuses an answer that breaks the contract (tests and development)', async () => {
    stubFetch(() => json({ supportEmail: 42 }));
    await expect(api.identity.config()).rejects.toThrow(/identity\.config does not match its contract/);
  });
});
