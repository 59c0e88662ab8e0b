import { createHmac, timingSafeEqual } from 'node:crypto';

/** Short signed values (the OIDC state cookie): base64url(JSON).hmac, with an expiry inside. */
export function createSignedValueCodec(secret: string) {
  const mac = (data: string) => createHmac('sha256', secret).update(data).digest('base64url');
  return {
    encode(value: Record<string, unknown>, ttlSeconds: number): string {
      const data = Buffer.from(JSON.stringify({ ...value, exp: Date.now() + ttlSeconds * 1000 })).toString(
        'base64url',
      );
      return `${data}.${mac(data)}`;
    },
    decode<T extends Record<string, unknown>>(encoded: string | undefined): T | null {
      if (!encoded) return null;
      const [data, signature] = encoded.split('.');
      if (!data || !signature) return null;
      const expected = Buffer.from(mac(data));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const value = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as T & { exp?: number };
        if (typeof value.exp !== 'number' || value.exp < Date.now()) return null;
        return value;
      } catch {
        return null;
      }
    },
  };
}
