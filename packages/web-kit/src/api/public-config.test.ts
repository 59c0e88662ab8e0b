import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_CONFIG_TTL, loadPublicConfig, resetPublicConfig } from './public-config.js';
import { json, stubFetch } from '../test/fetch.js';

afterEach(() => {
  resetPublicConfig();
  vi.unstubAllGlobals();
});

describe('loadPublicConfig', () => {
  it('asks GET /api/config once an hour', async () => {
    const calls = stubFetch(() => json({ supportEmail: 'help@example.com', googleSignInEnabled: true }));
    const start = 1_000_000;
    await expect(loadPublicConfig(start)).resolves.toEqual({
      supportEmail: 'help@example.com',
      googleSignInEnabled: true,
    });
    await loadPublicConfig(start + PUBLIC_CONFIG_TTL - 1);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/config']);
    await loadPublicConfig(start + PUBLIC_CONFIG_TTL);
    expect(calls).toHaveLength(2);
  });

  it('does not keep a failure: the next call asks again', async () => {
    let up = false;
    const calls = stubFetch(() =>
      up
        ? json({ supportEmail: 'help@example.com', googleSignInEnabled: false })
        : json({ message: 'Bad gateway' }, 502),
    );
    await expect(loadPublicConfig()).rejects.toThrow();
    up = true;
    await expect(loadPublicConfig()).resolves.toMatchObject({ supportEmail: 'help@example.com' });
    expect(calls).toHaveLength(2);
  });
});
