/**
 * The import rules of the architecture (README "Architecture: one shape for every service"), run by
 * `npm run lint:architecture` (packages/architecture). The folders a service may have under src/ are read from
 * the README's `architecture-slots` block, so the list is written once.
 */
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/** The README's slots block: `svc-*` is every service's list, a service's own line adds to it. */
function readSlots(root) {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /```architecture-slots\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no ```architecture-slots block');
  const lines = block[1]
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((line) => line.split(/\s+/));
  const shared = (lines.find(([name]) => name === 'svc-*') ?? []).slice(1);
  const slots = {};
  for (const [name, ...folders] of lines) {
    if (name === 'svc-*') continue;
    slots[name] = name.startsWith('svc-') ? [...shared, ...folders] : folders;
  }
  return { shared, slots };
}

const TEST = '(\\.test\\.tsx?$|/test/|/testing/)';
const SERVICE = '^svc-[a-z]+/src/';
const slot = (name) => `${SERVICE}${name}/`;

function folderRules(root, services) {
  const { shared, slots } = readSlots(root);
  const rules = [];
  for (const service of services) {
    const allowed = slots[service] ?? (service.startsWith('svc-') ? shared : []);
    const outside = `^${service}/src/(?!(?:${allowed.join('|')})/)[^/]+/`;
    const comment = `${service}/src/ has only the README's folders (${allowed.join(', ')})`;
    rules.push(
      { name: 'service-folders', severity: 'error', comment, from: { path: outside }, to: {} },
      { name: 'service-folders', severity: 'error', comment, from: {}, to: { path: outside } },
      { name: 'service-folders', severity: 'error', comment, from: { orphan: true, path: outside }, to: {} },
    );
  }
  return rules;
}

/** The rules for the tree at `root` (the repository, or a copy of it in the tests). */
function rulesFor(root, services) {
  return [
    ...folderRules(root, services),
    {
      name: 'no-cross-service',
      severity: 'error',
      comment: 'a service imports no other service (contracts and events are the interface)',
      from: { path: '^(svc-[a-z]+|gateway)/' },
      to: { path: '^(svc-[a-z]+|gateway)/', pathNot: '^$1/' },
    },
    {
      name: 'front-end-no-service',
      severity: 'error',
      comment: 'the front end reaches services through the typed client only',
      from: { path: '^(shell|mfe-[a-z]+|packages/web-kit)/' },
      to: { path: '^(svc-[a-z]+|gateway)/' },
    },
    {
      name: 'routes-no-entities',
      severity: 'error',
      comment: 'a route hands over to a use-case; entities belong to repositories',
      from: { path: slot('routes'), pathNot: TEST },
      to: { path: slot('entities') },
    },
    {
      name: 'routes-no-orm',
      severity: 'error',
      comment: 'a route never imports the ORM (request.em goes to the use-case as it is)',
      from: { path: slot('routes'), pathNot: TEST },
      to: { path: '(^|/)@mikro-orm/' },
    },
    {
      name: 'routes-through-use-cases',
      severity: 'error',
      comment:
        'routes -> use-cases -> repositories/providers: a route does not call a repository or provider',
      from: { path: slot('routes'), pathNot: TEST },
      to: { path: `${SERVICE}(repositories|providers)/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'import-direction',
      severity: 'error',
      comment: 'nothing below the routes imports a route',
      from: { path: `${SERVICE}(?!routes/)[^/]+/`, pathNot: TEST },
      to: { path: slot('routes') },
    },
    {
      name: 'import-direction',
      severity: 'error',
      comment: 'repositories, providers, entities and domain logic do not call use-cases',
      from: { path: `${SERVICE}(repositories|providers|entities|domain)/`, pathNot: TEST },
      to: { path: slot('use-cases') },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ is pure logic: no repositories, providers, consumers or entity values',
      from: { path: slot('domain'), pathNot: TEST },
      to: { path: `${SERVICE}(repositories|providers|events)/` },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ is pure logic: entity types only, never the ORM',
      from: { path: slot('domain'), pathNot: TEST },
      to: { path: `(${SERVICE}entities/|(^|/)@mikro-orm/)`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'connection-in-repositories',
      severity: 'error',
      comment: 'only repositories reach the connection (pg, the knex or postgresql driver)',
      from: { path: `${SERVICE}[^/]+/`, pathNot: `(${TEST}|${SERVICE}(repositories|migrations)/)` },
      to: {
        path: '(^|/)(pg|@mikro-orm/knex|@mikro-orm/postgresql|knex)(/|$)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'test-not-shipped',
      severity: 'error',
      comment: 'production code does not import test/ (it is not built into dist)',
      from: { path: '^(svc-[a-z]+|gateway)/src/', pathNot: TEST },
      to: { path: '^(svc-[a-z]+|gateway)/src/test/' },
    },
  ];
}

/** The services and the gateway present in `root`, each with a src/ folder. */
const servicesOf = (root) =>
  readdirSync(root).filter(
    (name) => /^(svc-[a-z]+|gateway)$/.test(name) && existsSync(join(root, name, 'src')),
  );

module.exports = {
  // `npx depcruise --config .dependency-cruiser.cjs svc-*/src gateway/src shell/src mfe-*/src` works too.
  forbidden: rulesFor(__dirname, servicesOf(__dirname)),
  options: {
    // Workspace packages resolve to their dist/ (svc-x's package too): a leaf, so an import of another service
    // still shows as an edge to svc-x/dist/...
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
// For packages/architecture, which computes the rules for a copy of the tree in its test. Not enumerable:
// depcruise's CLI clones the configuration, and functions cannot be cloned.
Object.defineProperty(module.exports, 'forRoot', {
  value: { readSlots, rulesFor, servicesOf },
  enumerable: false,
});
