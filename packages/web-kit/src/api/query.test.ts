import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { ApiError } from './request.js';
import { getQueryFn } from './query.js';
import { json, stubFetch } from '../test/fetch.js';

afterEach(() => vi.unstubAllGlobals());

const context = (path: string) =>
  ({ queryKey: [path], signal: new AbortController().signal }) as unknown as QueryFunctionContext;

describe('getQueryFn', () => {
  it('GETs the first element of the query key', async () => {
    const calls = stubFetch(() => json({ supportEmail: 'help@example.com' }));
    await expect(getQueryFn({ on401: 'throw' })(context('/api/config'))).resolves.toEqual({
      supportEmail: 'help@example.com',
    });
    expect(calls[0]?.url).toBe('/api/config');
    expect(calls[0]?.method).toBe('GET');
  });

  it('gives null on 401 with returnNull', async () => {
    stubFetch(() => json({ message: 'Not authenticated' }, 401));
    await expect(getQueryFn({ on401: 'returnNull' })(context('/api/auth/me'))).resolves.toBeNull();
  });

  it('throws on 401 with throw', async () => {
    stubFetch(() => json({ message: 'Not authenticated' }, 401));
    await expect(getQueryFn({ on401: 'throw' })(context('/api/auth/me'))).rejects.toBeInstanceOf(ApiError);
  });

  it('throws other errors even with returnNull', async () => {
    stubFetch(() => json({ message: 'Forbidden' }, 403));
    await expect(getQueryFn({ on401: 'returnNull' })(context('/api/x'))).rejects.toThrow('Forbidden');
  });
});
