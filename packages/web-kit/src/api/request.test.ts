import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ErrorMessages, apiRequest } from './request.js';
import { json, stubFetch, text } from '../test/fetch.js';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest headers', () => {
  it('sends Accept JSON, the bypass header and credentials, without Content-Type when there is no body', async () => {
    const calls = stubFetch(() => json({ ok: true }));
    await apiRequest('GET', '/api/config');
    const [call] = calls;
    expect(call?.headers).toEqual({ Accept: 'application/json', 'X-Auth-Bypass': 'true' });
    expect(call?.init.credentials).toBe('include');
    expect(call?.body).toBeUndefined();
  });

  it('sends a JSON body with Content-Type for methods other than GET and HEAD', async () => {
    const calls = stubFetch(() => json({ ok: true }));
    await apiRequest('POST', '/api/organizations', { name: 'Acme' });
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toBe('{"name":"Acme"}');
  });

  it('never sends a body on GET even when one is given', async () => {
    const calls = stubFetch(() => json({}));
    await apiRequest('GET', '/api/emails', { ignored: true });
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('never sends a token from local storage: the session travels in the HttpOnly cookie only', async () => {
    localStorage.setItem('auth_token', 'tok-123');
    localStorage.setItem('user_id', '42');
    const calls = stubFetch(() => json({}));
    await apiRequest('GET', '/api/auth/me');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['X-User-ID']).toBeUndefined();
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('adds X-Stripe-Debug only for /api/stripe paths', async () => {
    const calls = stubFetch(() => json({ url: 'x' }));
    await apiRequest('POST', '/api/stripe/checkout');
    await apiRequest('POST', '/api/billing/auto-login', { sessionId: 's' });
    expect(calls[0]?.headers['X-Stripe-Debug']).toBe('true');
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[1]?.headers['X-Stripe-Debug']).toBeUndefined();
  });
});

describe('apiRequest responses', () => {
  it('parses JSON answers and gives null for an empty body', async () => {
    stubFetch((r) => (r.url === '/a' ? json({ a: 1 }) : new Response(null, { status: 204 })));
    await expect(apiRequest('GET', '/a')).resolves.toEqual({ a: 1 });
    await expect(apiRequest('DELETE', '/b')).resolves.toBeNull();
  });

  it('returns the raw Response for HEAD and for GET paths containing blob', async () => {
    stubFetch(() => text('binary', 200));
    expect(await apiRequest('HEAD', '/api/x')).toBeInstanceOf(Response);
    expect(await apiRequest('GET', '/api/files/blob/1')).toBeInstanceOf(Response);
  });

  it('still parses a non-JSON content type whose body looks like JSON', async () => {
    stubFetch(() => text('{"a":2}', 200));
    await expect(apiRequest('GET', '/a')).resolves.toEqual({ a: 2 });
  });

  it.each([
    ['plain text', text('hello', 200), ErrorMessages.nonJson],
    ['JSON-looking text that does not parse', text('{nope}', 200), ErrorMessages.nonJsonInvalidFormat],
    [
      'a JSON content type that does not parse',
      text('{"a":', 200, '', 'application/json'),
      ErrorMessages.invalidJson,
    ],
  ])('rejects %s with the catalogue text', async (_name, response, message) => {
    stubFetch(() => response);
    const error = await errorOf(apiRequest('GET', '/a'));
    expect(error.message).toBe(message);
  });
});

describe('error catalogue', () => {
  it.each([
    ['details first', json({ details: 'Detail text', message: 'Message text' }, 400), 'Detail text'],
    ['then message', json({ message: 'Only the email is wrong' }, 400), 'Only the email is wrong'],
    [
      'message when details is a list of issues',
      json({ message: 'Name is required', details: [{ path: 'name' }] }, 400),
      'Name is required',
    ],
    [
      'status and statusText for a JSON body without them',
      json({ other: 1 }, 409, 'Conflict'),
      '409: Conflict',
    ],
    [
      'HTML',
      text('<!DOCTYPE html><html><body>oops</body></html>', 500, 'Internal Server Error', 'text/html'),
      ErrorMessages.html,
    ],
    ['502', text('502 upstream failed', 502), ErrorMessages.badGateway],
    ['bad gateway', text('Bad Gateway', 500), ErrorMessages.badGateway],
    ['504', text('upstream 504', 500), ErrorMessages.gatewayTimeout],
    ['gateway timeout', text('Gateway Timeout', 500), ErrorMessages.gatewayTimeout],
    ['internal server error', text('Internal Server Error', 500), ErrorMessages.internal],
    ['maintenance', text('Down for maintenance', 503), ErrorMessages.unavailable],
    ['temporarily unavailable', text('Service temporarily unavailable', 503), ErrorMessages.unavailable],
    ['other plain text', text('Plan not found', 404), 'Plan not found'],
    ['empty body', text('', 418, "I'm a teapot"), "418: I'm a teapot"],
    [
      'unparseable JSON error body',
      text('{"bad', 400, 'Bad Request', 'application/json'),
      '400: Could not parse error response',
    ],
  ])('%s', async (_name, response, message) => {
    stubFetch(() => response);
    const error = await errorOf(apiRequest('POST', '/api/x', {}));
    expect(error.message).toBe(message);
    expect(error.status).toBe(response.status);
  });

  it('keeps the parsed body on the error', async () => {
    stubFetch(() => json({ message: 'No', redirectTo: '/login' }, 401));
    const error = await errorOf(apiRequest('POST', '/api/invitations/accept?token=t', {}));
    expect(error.status).toBe(401);
    expect(error.body).toEqual({ message: 'No', redirectTo: '/login' });
  });
});
