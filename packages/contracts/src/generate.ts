import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildAsyncApi } from './asyncapi.js';
import { buildOpenApi } from './openapi.js';

/** Writes the committed copies of the generated documents (reviewed in diffs; a test checks they match). */
const root = fileURLToPath(new URL('..', import.meta.url));
writeFileSync(`${root}asyncapi.json`, JSON.stringify(buildAsyncApi(), null, 2) + '\n');
writeFileSync(`${root}openapi.json`, JSON.stringify(buildOpenApi(), null, 2) + '\n');
console.log('wrote asyncapi.json and openapi.json');
