import { describe, expect, it } from 'vitest';
import { loadServiceConfig } from './config.js';

const token = 'a-long-random-internal-token';

describe('svc-ingest in production refuses development defaults', () => {
  it('refuses the development INTERNAL_API_TOKEN, naming it', () => {
    expect(() => loadServiceConfig({ NODE_ENV: 'production' })).toThrowError(/INTERNAL_API_TOKEN/);
    expect(() =>
      loadServiceConfig({ NODE_ENV: 'production', INTERNAL_API_TOKEN: 'dev-internal-token' }),
    ).toThrowError(/INTERNAL_API_TOKEN/);
  });
  it('starts in production with a real token, and on the defaults outside production', () => {
    expect(() => loadServiceConfig({ NODE_ENV: 'production', INTERNAL_API_TOKEN: token })).not.toThrow();
    expect(() => loadServiceConfig({})).not.toThrow();
  });
});
