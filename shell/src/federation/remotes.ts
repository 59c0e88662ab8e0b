import { registerRemotes } from '@module-federation/enhanced/runtime';

/** The four remotes and their MF names (docs/CONVENTIONS.md). */
export const REMOTE_NAMES = ['mfe_auth', 'mfe_team', 'mfe_billing', 'mfe_records'] as const;

/** `{ "mfe_auth": "/remotes/mfe-auth/mf-manifest.json", ... }`, served by the gateway from its configuration. */
export type TRemotesManifest = Record<string, string>;

const isManifest = (value: unknown): value is TRemotesManifest =>
  !!value && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string');

/**
 * Fetch /remotes.json and register every remote with the MF runtime. Nothing is downloaded until a page
 * needs it (shareStrategy 'loaded-first'). If the manifest itself cannot be read, the shell still starts:
 * its own pages work and each remote page shows the error panel.
 */
export async function registerRemotesFromManifest(url = '/remotes.json'): Promise<TRemotesManifest> {
  let manifest: TRemotesManifest = {};
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const body: unknown = await response.json();
    if (!isManifest(body)) throw new Error(`${url} is not a map of remote names to manifest URLs`);
    manifest = body;
  } catch (error) {
    console.error('[shell] remotes manifest unavailable; remote pages will show an error panel', error);
  }
  const remotes = Object.entries(manifest).map(([name, entry]) => ({
    name,
    entry: new URL(entry, window.location.href).toString(),
  }));
  if (remotes.length > 0) registerRemotes(remotes, { force: true });
  return manifest;
}
