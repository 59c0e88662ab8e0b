import { ConfigError } from '@dealflow/service-kit';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from './config.js';

describe('gateway config', () => {
  it('reads the flat variables into groups for their readers', () => {
    const config = loadGatewayConfig({
      PORT: '3100',
      IDENTITY_URL: 'http://identity:4001',
      CRM_URL: 'http://crm:4004',
      RATE_LIMIT_MAX: '500',
      RATE_LIMIT_AUTH_MAX: '5',
      RATE_LIMIT_WINDOW_MS: '30000',
      REMOTE_MFE_TEAM_MANIFEST: 'https://cdn.example/team/mf-manifest.json',
      TRUST_PROXY: '1',
      CSP_FRAME_SRC: ' https://a.example  https://b.example ',
    });
    expect(config.server.port).toBe(3100);
    expect(config.server.trustProxy).toBe(true);
    expect(config.upstreams).toEqual({
      identity: ['http://identity:4001'],
      billing: ['http://127.0.0.1:4002'],
      ingest: ['http://127.0.0.1:4003'],
      crm: ['http://crm:4004'],
    });
    expect(config.session.identityUrls).toEqual(['http://identity:4001']);
    expect(config.rateLimits.api).toEqual({ max: 500, timeWindow: 30_000 });
    expect(config.rateLimits.auth).toEqual({ max: 5, timeWindow: 30_000 });
    expect(config.remotes.find((r) => r.name === 'mfe_team')?.manifest).toBe(
      'https://cdn.example/team/mf-manifest.json',
    );
    expect(config.securityHeaders.frameSrc).toEqual(['https://a.example', 'https://b.example']);
  });

  it('takes several instances of a service as comma-separated URLs, and refuses a bad one', () => {
    const config = loadGatewayConfig({ BILLING_URL: 'http://127.0.0.1:4102, http://127.0.0.1:4202' });
    expect(config.upstreams.billing).toEqual(['http://127.0.0.1:4102', 'http://127.0.0.1:4202']);
    expect(() => loadGatewayConfig({ BILLING_URL: 'http://127.0.0.1:4102,not a url' })).toThrow(ConfigError);
  });

  it('treats the blank values of .env.example as unset', () => {
    const config = loadGatewayConfig({
      REDIS_URL: '',
      REMOTE_MFE_AUTH_MANIFEST: ' ',
      SHELL_DIST: '',
      TRUST_PROXY: '',
    });
    expect(config.rateLimits.redisUrl).toBeUndefined();
    expect(config.remotes.find((r) => r.name === 'mfe_auth')?.manifest).toBe(
      '/remotes/mfe-auth/mf-manifest.json',
    );
    expect(config.shell.dist).toMatch(/shell[\\/]dist$/);
    expect(config.server.trustProxy).toBe(false);
  });

  it('stops on a bad value, naming the variable', () => {
    expect(() => loadGatewayConfig({ REMOTE_MFE_AUTH_MANIFEST: 'not a url' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ RATE_LIMIT_MAX: '0' })).toThrow(/RATE_LIMIT_MAX/);
  });
});
