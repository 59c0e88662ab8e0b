import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { clientIp } from './session-cookie.js';

const request = (headers: Record<string, string>, ip = '127.0.0.1') =>
  ({ headers, ip }) as unknown as FastifyRequest;

describe('clientIp', () => {
  it('takes the hop the gateway appended (rightmost X-Forwarded-For), not a client-supplied one', () => {
    expect(clientIp(request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }), true)).toBe('203.0.113.9');
    expect(clientIp(request({ 'x-forwarded-for': '203.0.113.9' }), true)).toBe('203.0.113.9');
  });

  it('uses the socket address without the header or when proxies are not trusted', () => {
    expect(clientIp(request({}, '10.0.0.5'), true)).toBe('10.0.0.5');
    expect(clientIp(request({ 'x-forwarded-for': '203.0.113.9' }, '10.0.0.5'), false)).toBe('10.0.0.5');
  });
});
