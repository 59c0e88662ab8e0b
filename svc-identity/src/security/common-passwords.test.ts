import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword, warmCommonPasswords } from './common-passwords.js';

describe('common password list', () => {
  it('holds the 100,000 most common passwords and answers case-insensitively', () => {
    const started = performance.now();
    const size = warmCommonPasswords();
    console.log(`common passwords: ${size} loaded in ${Math.round(performance.now() - started)} ms`);
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(100_000);
    expect(size).toBe(COMMON_PASSWORD_COUNT);
    for (const password of ['password123', 'Password123', 'qwertyuiop', 'iloveyou1', '12345678'])
      expect(isCommonPassword(password), password).toBe(true);
    for (const password of ['correct horse battery', 'long enough pw', 'member password 1'])
      expect(isCommonPassword(password), password).toBe(false);
  });
});
