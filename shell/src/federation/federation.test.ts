import { afterEach, describe, expect, it, vi } from 'vitest';
import errorLoadRemotePlugin from './error-load-remote-plugin';
import { registerRemotesFromManifest } from './remotes';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.__DEALFLOW_REMOTE_FAILURES__;
});

describe('errorLoadRemote runtime plugin', () => {
  const emit = (args: Record<string, unknown>) =>
    (errorLoadRemotePlugin().errorLoadRemote as unknown as (a: Record<string, unknown>) => unknown)(args);

  it('records the failure and lets it reach the error boundary (returns nothing)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = emit({ id: 'mfe_team/TeamMembersPage', lifecycle: 'onLoad', error: new Error('down') });
    expect(result).toBeUndefined();
    expect(window.__DEALFLOW_REMOTE_FAILURES__).toMatchObject([
      { id: 'mfe_team/TeamMembersPage', lifecycle: 'onLoad', message: 'down' },
    ]);
  });

  it('forgets a failed manifest load so that Retry fetches the manifest again', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const url = 'http://localhost/remotes/mfe-team/mf-manifest.json';
    const manifestLoading: Record<string, unknown> = { [url]: Promise.resolve(), other: 1 };
    emit({
      id: url,
      lifecycle: 'afterResolve',
      error: new Error('502'),
      origin: { snapshotHandler: { manifestLoading } },
    });
    expect(manifestLoading).toEqual({ other: 1 });
  });
});

describe('registerRemotesFromManifest', () => {
  it('still lets the shell start when /remotes.json cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => new Response('{"message":"Bad gateway"}', { status: 502 }));
    await expect(registerRemotesFromManifest()).resolves.toEqual({});
  });

  it('rejects a body that is not a map of names to manifest URLs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response('{"mfe_auth": 3}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await expect(registerRemotesFromManifest()).resolves.toEqual({});
  });
});
