// Writes each chart's values.schema.json from its values.yaml, so a key the chart does not know (a typo) is
// refused by helm install/upgrade/lint. Objects are closed, except maps whose keys are the user's own (env,
// annotations, resources...: every object whose default is {}). Run after editing a values.yaml:
//   node charts/values-schema.mjs          (--check: exit 1 when a schema is stale; deploy.test.ts runs it)
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'yaml';

const dir = new URL('./', import.meta.url);
const ENUMS = {
  component: ['gateway', 'service', 'remote'],
  security: ['scram-tls', 'none'],
  pullPolicy: ['Always', 'IfNotPresent', 'Never'],
};

function schemaOf(value, key) {
  if (Array.isArray(value)) {
    const strings = value.length > 0 && value.every((v) => typeof v === 'string');
    return strings || ['produces', 'consumes', 'command'].includes(key)
      ? { type: 'array', items: { type: 'string' } }
      : { type: 'array' };
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0 || key === 'env' || key === 'resources') return { type: 'object' };
    return {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(keys.map((k) => [k, schemaOf(value[k], k)])),
    };
  }
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (typeof value === 'number')
    return {
      type: Number.isInteger(value) ? 'integer' : 'number',
      ...(Number.isInteger(value) && value >= 0 ? { minimum: key === 'port' ? 1 : 0 } : {}),
    };
  return ENUMS[key] ? { type: 'string', enum: ENUMS[key] } : { type: 'string' };
}

export function schemas() {
  const out = {};
  const charts = readdirSync(dir).filter((d) => existsSync(new URL(`${d}/Chart.yaml`, dir)));
  for (const chart of charts) {
    const meta = parse(readFileSync(new URL(`${chart}/Chart.yaml`, dir), 'utf8'));
    if (meta.type === 'library') continue;
    const values = parse(readFileSync(new URL(`${chart}/values.yaml`, dir), 'utf8'));
    const schema = schemaOf(values, '');
    const umbrella = (meta.dependencies ?? []).some((d) => d.name !== 'dealflow-common');
    if (umbrella) {
      // each part's own schema validates its key; here only the names are checked
      for (const d of meta.dependencies)
        schema.properties[d.name] = { type: 'object', properties: { enabled: { type: 'boolean' } } };
    } else {
      // set by the umbrella (condition)
      schema.properties.enabled = { type: 'boolean' };
    }
    out[chart] = { $schema: 'https://json-schema.org/draft-07/schema#', title: `${chart} values`, ...schema };
  }
  return out;
}

const check = process.argv.includes('--check');
if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  let stale = 0;
  for (const [chart, schema] of Object.entries(schemas())) {
    const file = new URL(`${chart}/values.schema.json`, dir);
    const current = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    if (isDeepStrictEqual(current, schema)) continue;
    if (check) {
      stale++;
      console.error(`charts/${chart}/values.schema.json is stale: run node charts/values-schema.mjs`);
    } else writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
  }
  process.exit(stale ? 1 : 0);
}
