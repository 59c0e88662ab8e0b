import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, ZAllowFlag, ZBaseConfig, loadConfig, refuseDevelopmentDefaults } from './config.js';

const ZEnv = ZBaseConfig.extend({
  SMTP_URL: z.string().optional(),
  ALLOW_EMBEDDED_MAIL: ZAllowFlag,
}).superRefine(
  refuseDevelopmentDefaults([
    {
      variable: 'SMTP_URL',
      isDefault: (env) => !env.SMTP_URL,
      why: 'mail would go to a local folder',
      allowedBy: { flag: 'ALLOW_EMBEDDED_MAIL', isSet: (env) => env.ALLOW_EMBEDDED_MAIL },
    },
  ]),
);

describe('refuseDevelopmentDefaults', () => {
  it('refuses the development internal token in production, naming the variable', () => {
    expect(() =>
      loadConfig(ZBaseConfig.superRefine(refuseDevelopmentDefaults()), { NODE_ENV: 'production' }),
    ).toThrowError(/INTERNAL_API_TOKEN.*development default/);
  });
  it('accepts the development defaults outside production', () => {
    expect(loadConfig(ZEnv, {}).INTERNAL_API_TOKEN).toBe('dev-internal-token');
    expect(loadConfig(ZEnv, { NODE_ENV: 'test' }).SMTP_URL).toBeUndefined();
  });
  it('lists every default in one refusal, with the ALLOW_EMBEDDED_* flag that would accept an embedded provider', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig(ZEnv, { NODE_ENV: 'production' });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.issues).toHaveLength(2);
    expect(error!.message).toMatch(/SMTP_URL.*ALLOW_EMBEDDED_MAIL=1/);
  });
  it('starts in production with real values, or with the embedded provider allowed explicitly', () => {
    const token = { NODE_ENV: 'production', INTERNAL_API_TOKEN: 'a-real-long-random-token' };
    expect(loadConfig(ZEnv, { ...token, SMTP_URL: 'smtp://mail:25' }).NODE_ENV).toBe('production');
    expect(loadConfig(ZEnv, { ...token, ALLOW_EMBEDDED_MAIL: '1' }).ALLOW_EMBEDDED_MAIL).toBe(true);
    expect(() => loadConfig(ZEnv, { ...token, ALLOW_EMBEDDED_MAIL: '0' })).toThrowError(/SMTP_URL/);
  });
});
