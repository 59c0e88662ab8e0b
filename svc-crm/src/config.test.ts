import { describe, expect, it } from 'vitest';
import { loadServiceConfig } from './config.js';

describe('crm config', () => {
  it('groups the variables for their readers; the names in the environment stay the same', () => {
    const config = loadServiceConfig({
      AFFINITY_API_KEY: 'key',
      AFFINITY_LIST_ID: '42',
      AFFINITY_WEB_URL: 'https://fund.affinity.co',
      OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
      OPENAI_MODEL: 'analyst-1',
    });
    expect(config.affinity).toEqual({
      apiKey: 'key',
      listId: 42,
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
    expect(config).not.toHaveProperty('AFFINITY_API_KEY');
  });

  it('reads a blank variable (as .env.example lists them) as unset: the built-in CRM, no AI endpoint', () => {
    const config = loadServiceConfig({ AFFINITY_API_KEY: '', AFFINITY_LIST_ID: ' ', OPENAI_BASE_URL: '' });
    expect(config.affinity.apiKey).toBeUndefined();
    expect(config.affinity.listId).toBeUndefined();
    expect(config.openai.baseUrl).toBeUndefined();
  });

  it('names the variable that is missing or wrong', () => {
    expect(() => loadServiceConfig({ AFFINITY_API_KEY: 'key' })).toThrow(
      'AFFINITY_LIST_ID: AFFINITY_LIST_ID is required when AFFINITY_API_KEY is set',
    );
    expect(() => loadServiceConfig({ AFFINITY_MAX_REQUESTS_PER_MINUTE: '1000' })).toThrow(
      /AFFINITY_MAX_REQUESTS_PER_MINUTE/,
    );
    expect(() => loadServiceConfig({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  });
});
