import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './request.js';
import { nullOn401 } from './query.js';
import { json, stubFetch } from '../test/fetch.js';

afterEach(() => vi.unstubAllGlobals());

describe('nullOn401', () => {
  it('passes the answer through', async () => {
    stubFetch(() => json({ supportEmail: 'help@example.com' }));
    await expect(nullOn401(apiRequest('GET', '/api/config'))).resolves.toEqual({
      supportEmail: 'help@example.com',
    });
  });

  it('gives null on 401', async () => {
    stubFetch(() => json({ message: 'Not authenticated' }, 401));
    await expect(nullOn401(apiRequest('GET', '/api/auth/me'))).resolves.toBeNull();
  });

  it('rethrows any other error', async () => {
    stubFetch(() => json({ message: 'Forbidden' }, 403));
    const failure = nullOn401(apiRequest('GET', '/api/x'));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Forbidden');
  });
});
