import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serviceRoutes } from '@dealflow/contracts';

/**
 * What `npm run lint:architecture` (packages/architecture: dependency-cruiser and an AST pass) does not check:
 * the wiring of a service (createService with deps in app.ts), every contract route registered through
 * route(), one defineErrors table, the migration snapshot, no copy of the kit's blankIsUnset. Folders, import
 * direction, route registration outside route(), ORM calls and role checks in routes, SQL, publishes,
 * consumers, repository file names and the front end's fetch and path strings are that tool's.
 * A departure is reported as `<file>: <rule>`.
 */
export const SERVICES = ['identity', 'billing', 'ingest', 'crm'] as const;

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

export function checkConformance(root: string): string[] {
  const problems: string[] = [];
  const rel = (file: string) => path.relative(root, file);
  for (const service of SERVICES) {
    const src = path.join(root, `svc-${service}`, 'src');
    const files = walk(src).filter((f) => !isTest(f));

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
      if (/blankIsUnset\s*=|optionalString\s*=/.test(readFileSync(file, 'utf8')))
        problems.push(`${rel(file)}: a copy of the kit's blankIsUnset`);
    }
  }
  return problems;
}
