import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildAsyncApi } from './asyncapi.js';
import { renderFormattedClientModules } from './client/generate-client.js';
import { buildOpenApi } from './openapi.js';

/** Writes the committed copies of the generated documents (reviewed in diffs; a test checks they match). */
const root = fileURLToPath(new URL('..', import.meta.url));
writeFileSync(`${root}asyncapi.json`, JSON.stringify(buildAsyncApi(), null, 2) + '\n');
writeFileSync(`${root}openapi.json`, JSON.stringify(buildOpenApi(), null, 2) + '\n');
// The typed client's schema-free tables, written into src/ (they are compiled with the package).
for (const [file, text] of Object.entries(await renderFormattedClientModules())) {
  writeFileSync(`${root}src/client/generated/${file}`, text);
}
console.log('wrote asyncapi.json, openapi.json and src/client/generated/*.ts');
