import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import type { TViolation } from './violation.js';

const require = createRequire(import.meta.url);

interface TConfigModule {
  readSlots: (root: string) => { shared: string[]; slots: Record<string, string[]> };
  rulesFor: (root: string, services: string[]) => IForbiddenRuleType[];
  servicesOf: (root: string) => string[];
  options: { doNotFollow: unknown; tsPreCompilationDeps: boolean; enhancedResolveOptions: unknown };
}

/** The repository's configuration, with the rules computed for another root (`forRoot`). */
function loadConfig(configRoot: string): TConfigModule {
  const config = require(path.join(configRoot, '.dependency-cruiser.cjs')) as {
    forRoot: Omit<TConfigModule, 'options'>;
    options: TConfigModule['options'];
  };
  return { ...config.forRoot, options: config.options };
}

/** The line of `from` that names the import `specifier` (1 when it is not found). */
function lineOf(root: string, from: string, specifier: string | undefined): number {
  const file = path.join(root, from);
  if (!specifier || !existsSync(file)) return 1;
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(`'${specifier}'`) || line.includes(`"${specifier}"`));
  return index + 1 || 1;
}

/** The folder of `file` under its service's src/ when the README's list does not have it. */
function outsideSlots(config: TConfigModule, root: string, file: string): string | null {
  const match = /^(svc-[a-z]+|gateway)\/src\/([^/]+)\//.exec(file);
  if (!match) return null;
  const { shared, slots } = config.readSlots(root);
  const [, service = '', folder = ''] = match;
  const allowed = slots[service] ?? (service.startsWith('svc-') ? shared : []);
  return allowed.includes(folder) ? null : folder;
}

/**
 * The import rules of `<configRoot>/.dependency-cruiser.cjs`, computed for the tree at `root` (the repository,
 * or a copy of it in the tests), over its services, the gateway and the front end.
 */
export async function cruiseImports(root: string, configRoot = root): Promise<TViolation[]> {
  const config = loadConfig(configRoot);
  const services = config.servicesOf(root);
  const rules = config.rulesFor(root, services);
  const frontEnd = [
    'shell',
    'packages/web-kit',
    ...readdirSync(root).filter((name) => name.startsWith('mfe-')),
  ]
    .map((name) => `${name}/src`)
    .filter((dir) => existsSync(path.join(root, dir)));
  const previous = process.cwd();
  process.chdir(root);
  let result: ICruiseResult;
  try {
    const output = await cruise([...services.map((name) => `${name}/src`), ...frontEnd], {
      validate: true,
      ruleSet: { forbidden: rules },
      doNotFollow: config.options.doNotFollow as never,
      tsPreCompilationDeps: config.options.tsPreCompilationDeps,
      enhancedResolveOptions: config.options.enhancedResolveOptions as never,
      outputType: 'json',
    });
    result = (typeof output.output === 'string' ? JSON.parse(output.output) : output.output) as ICruiseResult;
  } finally {
    process.chdir(previous);
  }
  const specifiers = new Map<string, string>();
  for (const module of result.modules)
    for (const dependency of module.dependencies)
      specifiers.set(`${module.source}\0${dependency.resolved}`, dependency.module);
  const seen = new Set<string>();
  const violations: TViolation[] = [];
  for (const { from, to, rule } of result.summary.violations) {
    let file = from;
    let line = 1;
    let message: string;
    if (rule.name === 'service-folders') {
      // Reported once per file of the folder, whether it was seen importing, imported or alone.
      const folder = outsideSlots(config, root, from) ?? outsideSlots(config, root, to);
      file = outsideSlots(config, root, from) ? from : to;
      message = `src/${folder}/ is not one of the README's folders (architecture-slots)`;
    } else {
      const specifier = specifiers.get(`${from}\0${to}`);
      line = lineOf(root, from, specifier);
      const comment = rules.find((candidate) => candidate.name === rule.name)?.comment ?? rule.name;
      message = `imports ${specifier ?? to}: ${comment}`;
    }
    const key = `${file}:${line} ${rule.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push({ file, line, rule: rule.name, message });
  }
  return violations;
}
