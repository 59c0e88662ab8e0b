import { describe, expect, it } from 'vitest';
import { loadServiceConfig } from './config.js';

describe('crm config', () => {
  it('groups the variables for their readers; the names in the environment stay the same', () => {
    const config = loadServiceConfig({
      CRM_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      AFFINITY_WEB_URL: 'https://fund.affinity.co',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
      OPENAI_MODEL: 'analyst-1',
    });
    expect(config.affinity).toEqual({
      encryptionKey: Buffer.alloc(32, 7).toString('base64'),
      baseUrl: 'https://api.affinity.co',
      webUrl: 'https://fund.affinity.co',
      maxRequestsPerMinute: 600,
    });
    expect(config.openai).toEqual({
      baseUrl: 'http://127.0.0.1:9999/v1',
      apiKey: undefined,
      model: 'analyst-1',
    });
    // The kit's own variables stay where the kit reads them.
    expect(config.PORT).toBe(4004);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/crm');
    expect(config).not.toHaveProperty('CRM_ENCRYPTION_KEY');
  });

  it('reads a blank variable (as .env.example lists them) as unset: the built-in CRM, no AI endpoint', () => {
    const config = loadServiceConfig({ CRM_ENCRYPTION_KEY: ' ', OPENAI_BASE_URL: '' });
    expect(config.affinity.encryptionKey).toBeUndefined();
    expect(config.openai.baseUrl).toBeUndefined();
  });

  it('names the variable that is missing or wrong', () => {
    expect(() => loadServiceConfig({ CRM_ENCRYPTION_KEY: 'short' })).toThrow(
      'CRM_ENCRYPTION_KEY: CRM_ENCRYPTION_KEY must be 32 bytes, base64 (openssl rand -base64 32)',
    );
    expect(() => loadServiceConfig({ AFFINITY_MAX_REQUESTS_PER_MINUTE: '1000' })).toThrow(
      /AFFINITY_MAX_REQUESTS_PER_MINUTE/,
    );
    expect(() => loadServiceConfig({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  });
});
