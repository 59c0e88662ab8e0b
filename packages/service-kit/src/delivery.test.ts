import { describe, expect, it } from 'vitest';
import { VALUE_DIGEST_HEADER, checkDelivery, eventHeaders, valueDigest } from './delivery.js';

describe('delivery check', () => {
  const value = JSON.stringify({ id: 'e1', data: { name: 'Acme \u00e9' } });
  const headers = eventHeaders(value, 'e1', { traceparent: '00-abc-def-01' });

  it('sends the event id, the extra headers and the SHA-256 of the value', () => {
    expect(headers).toEqual({
      traceparent: '00-abc-def-01',
      'event-id': 'e1',
      [VALUE_DIGEST_HEADER]: valueDigest(Buffer.from(value)),
    });
    expect(headers[VALUE_DIGEST_HEADER]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('finds the bytes as written intact, as header Buffers or strings', () => {
    expect(checkDelivery(Buffer.from(value), headers)).toBe('intact');
    const asBuffers = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Buffer.from(v)]));
    expect(checkDelivery(Buffer.from(value), asBuffers)).toBe('intact');
  });

  it('finds damaged what the local broker delivered: empty, cut, or the headers as the value', () => {
    expect(checkDelivery(null, headers)).toBe('damaged');
    expect(checkDelivery(Buffer.alloc(0), headers)).toBe('damaged');
    expect(checkDelivery(Buffer.from(value.slice(0, 20)), headers)).toBe('damaged');
    expect(checkDelivery(Buffer.from(`${value}${value}`), headers)).toBe('damaged');
    // Headers lost with the value: no digest to compare, and the value is not JSON.
    expect(checkDelivery(Buffer.from('\u0004\u0010event-idH5b2323f4'), {})).toBe('damaged');
    expect(checkDelivery(null, undefined)).toBe('damaged');
  });

  it('lets a value without a digest through when it parses (a producer from before the header)', () => {
    expect(checkDelivery(Buffer.from(value), { 'event-id': 'e1' })).toBe('unverified');
  });
});
