// The typed remote ids (module-federation-examples' react-manifest-example `RemoteKeys`): every
// '<remote>/<exposed module>' the remotes' exposes maps declare, as one TypeScript union in web-kit, so that a
// misspelt remote module fails typecheck instead of showing the error panel at run time.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.join(import.meta.dirname, '..', '..');
export const REMOTE_FOLDERS = ['mfe-auth', 'mfe-team', 'mfe-billing', 'mfe-records'];
export const REMOTE_IDS_FILE = path.join(root, 'packages/web-kit/src/remote/remote-ids.ts');

/** Every remote module id, in the order the exposes maps declare them. */
export async function readRemoteIds() {
  const ids = [];
  for (const folder of REMOTE_FOLDERS) {
    const { name, exposes } = await import(pathToFileURL(path.join(root, folder, 'exposes.mjs')).href);
    for (const key of Object.keys(exposes)) ids.push(`${name}/${key.replace(/^\.\//, '')}`);
  }
  return ids;
}

/** The generated module's text (prettier-stable: one member per line). */
export async function renderRemoteIds() {
  const ids = await readRemoteIds();
  return [
    '// Generated from mfe-*/exposes.mjs by `npm run remote-ids -w @dealflow/web-build`: do not edit.',
    "/** A module exposed by a remote: '<remote>/<exposed module>', as <RemoteComponent id> takes it. */",
    'export type TRemoteId =',
    ...ids.map((id, i) => `  | '${id}'${i === ids.length - 1 ? ';' : ''}`),
    '',
  ].join('\n');
}

/** True when the committed file matches the exposes maps. */
export async function isRemoteIdsFileCurrent() {
  return readFileSync(REMOTE_IDS_FILE, 'utf8') === (await renderRemoteIds());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(REMOTE_IDS_FILE, await renderRemoteIds());
  console.log(`wrote ${path.relative(root, REMOTE_IDS_FILE)}`);
}
