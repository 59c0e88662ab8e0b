import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serviceRoutes } from '@dealflow/contracts';

/**
 * The one shape of a service (README "Architecture"), checked on the source tree. Each rule names what a
 * newcomer would otherwise have to remember; a departure is reported as `<file>: <rule>`.
 */
export const SERVICES = ['identity', 'billing', 'ingest', 'crm'] as const;
const REMOTES = ['shell', 'mfe-auth', 'mfe-team', 'mfe-billing', 'mfe-records'];

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Auth is declared on the contract and enforced by route(); these were the hand-written ways. */
const HAND_AUTH =
  /\b(requireSession|requireOwner|requireOrganization|requireActor|internalAuth)\s*\(|role\s*[!=]==\s*'owner'/;
const API_PATH = /['"`]\/(api|webhooks)\//;

export function checkConformance(root: string): string[] {
  const problems: string[] = [];
  const rel = (file: string) => path.relative(root, file);
  for (const service of SERVICES) {
    const src = path.join(root, `svc-${service}`, 'src');
    const files = walk(src).filter((f) => !isTest(f));
    const eventsFile = path.join(src, 'repositories', `${service}.events.ts`);

    // Wiring: createService({ deps, routes, consumers }) in app.ts, no thunks, no casts.
    const app = path.join(src, 'app.ts');
    const appText = existsSync(app) ? readFileSync(app, 'utf8') : '';
    if (!/createService\(\{[\s\S]*\bdeps:/.test(appText))
      problems.push(`${rel(app)}: createService without deps`);
    if (/getDeps|deps as T\w+Deps|\borm: \(\) =>/.test(appText))
      problems.push(`${rel(app)}: deps built by a thunk or cast`);

    // Every route of the service's contract table is registered through route() (which enforces its auth). The
    // table may be merged from several contract files (identityRoutes, apiKeyRoutes, ...): any of them names it.
    const routeFiles = walk(path.join(src, 'routes'))
      .filter((f) => !isTest(f))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    for (const name of Object.keys(serviceRoutes[service])) {
      if (!new RegExp(`\\b\\w*Routes\\.${name}\\b`).test(routeFiles))
        problems.push(`svc-${service}/src/routes: ${service}Routes.${name} is not registered with route()`);
    }

    // Errors: one table (code, status, message) per service.
    const errors = path.join(src, 'errors.ts');
    if (!existsSync(errors) || !readFileSync(errors, 'utf8').includes('defineErrors('))
      problems.push(`${rel(errors)}: no defineErrors table`);

    // Migrations come from the migrator, with the snapshot committed.
    const snapshot = path.join(src, 'migrations', `.snapshot-${service}.json`);
    if (!existsSync(snapshot)) problems.push(`${rel(snapshot)}: migration snapshot missing`);

    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const dir = path.relative(src, path.dirname(file));
      const base = path.basename(file);
      if (dir === 'routes' && HAND_AUTH.test(text))
        problems.push(`${rel(file)}: hand-written auth check in a route`);
      if (dir === 'repositories') {
        const ok =
          file === eventsFile ||
          /^[a-z0-9-]+\.repository\.ts$/.test(base) ||
          /^[a-z0-9-]+\.queries\.ts$/.test(base);
        if (!ok)
          problems.push(
            `${rel(file)}: a repository file is <entity>.repository.ts, <name>.queries.ts or ${service}.events.ts`,
          );
      }
      if (
        /\bpublishEvent\(/.test(text) &&
        file !== eventsFile &&
        !text.includes('export function publishEvent')
      )
        problems.push(`${rel(file)}: publishes outside repositories/${service}.events.ts`);
      if (/\bdefineConsumer\(/.test(text) && (dir !== 'events' || !KEBAB.test(base.replace(/\.ts$/, ''))))
        problems.push(`${rel(file)}: a consumer lives in events/<verb-noun>.ts`);
      if (
        /\.(getConnection\(\)\s*\.execute|execute)(<[^()]*?>)?\(\s*[`'"]\s*(select|insert|update|delete|with)\b/i.test(
          text,
        ) &&
        !base.endsWith('.queries.ts')
      )
        problems.push(`${rel(file)}: hand-written SQL outside a named <name>.queries.ts file`);
      if (/blankIsUnset\s*=|optionalString\s*=/.test(text))
        problems.push(`${rel(file)}: a copy of the kit's blankIsUnset`);
    }
  }
  for (const remote of REMOTES) {
    for (const file of walk(path.join(root, remote, 'src')).filter((f) => !isTest(f))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (API_PATH.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*'))
          problems.push(`${rel(file)}:${i + 1}: an API path string (call the typed client instead)`);
      });
    }
  }
  return problems;
}
