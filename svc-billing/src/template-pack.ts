import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { packTemplate } from './templates/pack-template.js';
import { ZTemplateStoreEnv, createTemplateStore } from './templates/template-store.js';

/**
 * `npm run template:pack [-- --ref v1.2.0] [--if-empty]`: the template archive of a release into the
 * configured store (TEMPLATE_S3_BUCKET..., else TEMPLATE_STORE_DIR, else `.data/templates` of the repository).
 */
const { values } = parseArgs({
  options: {
    ref: { type: 'string' },
    repo: { type: 'string', default: process.cwd() },
    'if-empty': { type: 'boolean', default: false },
  },
});
const repoDir = resolve(values.repo);
const env = ZTemplateStoreEnv.parse({
  ...process.env,
  TEMPLATE_STORE_DIR: process.env.TEMPLATE_STORE_DIR || resolve(repoDir, '.data/templates'),
});
const store = createTemplateStore(env)!;
const existing = await store.list();
if (values['if-empty'] && existing.length > 0) {
  console.log(`template store already holds ${existing[0]!.version}; nothing packed`);
} else {
  const entry = await packTemplate(repoDir, store, values.ref ? { ref: values.ref } : {});
  console.log(
    `packed template ${entry.version} (released ${entry.releasedAt}) into the ${store.kind} store: ` +
      `${entry.key}, ${entry.size} bytes, sha256 ${entry.sha256}`,
  );
}
