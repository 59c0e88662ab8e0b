import { fileURLToPath } from 'node:url';
import type { ApiRoute } from '../http.js';
import { serviceRoutes } from '../routes.js';

/**
 * The routes a browser may call: every route but the service-to-service ones (`internal`) and the ones a
 * third party calls with its signature (payment and mail webhooks).
 */
export const isBrowserRoute = (route: ApiRoute): boolean =>
  route.auth !== 'internal' && route.auth !== 'signature';

const shapeOf = (route: ApiRoute): 0 | 1 | 2 => (route.params || route.query ? 2 : route.body ? 1 : 0);

/** The schema-free table of one service: one `endpoint(...)` per browser route (method, path, input shape). */
export function renderServiceModule(service: keyof typeof serviceRoutes): string {
  const table = serviceRoutes[service] as Record<string, ApiRoute>;
  const lines = [
    `// Generated from serviceRoutes.${service} by \`npm run generate -w @dealflow/contracts\`: do not edit.`,
    '// Method, path and input shape only; the types come from the route table, the schemas never ship.',
    "import { endpoint } from '../endpoint.js';",
    '',
  ];
  for (const [name, route] of Object.entries(table)) {
    if (!isBrowserRoute(route)) continue;
    const args = [service, name, route.method, route.path].map((a) => `'${a}'`).join(', ');
    lines.push(`export const ${name} = /* @__PURE__ */ endpoint(${args}, ${shapeOf(route)});`);
  }
  return lines.join('\n') + '\n';
}

/** Every generated file of the client, by its path under src/client/generated. */
export function renderClientModules(): Record<string, string> {
  return Object.fromEntries(
    Object.keys(serviceRoutes).map((service) => [
      `${service}.ts`,
      renderServiceModule(service as keyof typeof serviceRoutes),
    ]),
  );
}

/** The generated files as committed: formatted with the repository's prettier config. */
export async function renderFormattedClientModules(): Promise<Record<string, string>> {
  const prettier = await import('prettier');
  // Resolved from this file's folder upwards: the repository's .prettierrc.json, from src/ or dist/ alike.
  const options = await prettier.resolveConfig(fileURLToPath(import.meta.url));
  const files = renderClientModules();
  for (const [file, text] of Object.entries(files)) {
    files[file] = await prettier.format(text, { ...options, parser: 'typescript' });
  }
  return files;
}
