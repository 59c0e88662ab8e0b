import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// web-kit's main entry is shared by every app (Module Federation, not tree-shaken): all it imports statically is
// on every page's first load, /login included. What only some signed-in screens use must be a lazy import()
// or another entry (./query, ./settings, ./guest-email). Issue 20's re-authentication dialog once brought
// tabster, react-query and Fluent's Dialog/Field/Input to /login (+63 KB gzip); this keeps it from coming back.

const SOURCE = path.join(import.meta.dirname);
/** Static imports only: `import ... from 'x'` and `export ... from 'x'`, not `import('x')`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm;

function staticGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string[]>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [statement, specifier] of text.matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      if (specifier.startsWith('.')) {
        const base = path.resolve(path.dirname(file), specifier.replace(/\.js$/, ''));
        const resolved = ['.ts', '.tsx', '/index.ts', '/index.tsx']
          .map((ext) => base + ext)
          .find((candidate) => {
            try {
              readFileSync(candidate);
              return true;
            } catch {
              return false;
            }
          });
        if (resolved) visit(resolved);
      } else if (!/^\s*(import|export) type /.test(statement)) {
        packages.set(specifier, [...(packages.get(specifier) ?? []), path.relative(SOURCE, file)]);
      }
    }
  };
  visit(path.join(SOURCE, entry));
  return { files, packages };
}

describe("web-kit's shared entry (on every first load)", () => {
  const { packages } = staticGraph('index.ts');

  it('does not import react-query (signed-out pages have none: @dealflow/web-kit/query provides it lazily)', () => {
    expect(packages.get('@tanstack/react-query')).toBeUndefined();
  });

  it("imports no Fluent dialog, field or input (a prompt's parts load with the prompt)", () => {
    const fluent = [...packages.keys()].filter((name) => name.startsWith('@fluentui/'));
    for (const name of fluent) {
      for (const file of packages.get(name) ?? []) {
        const text = readFileSync(path.join(SOURCE, file), 'utf8');
        expect(text, file).not.toMatch(/\b(Dialog|DialogSurface|Field|Input|MessageBar)\b,?\s*$/m);
      }
    }
  });
});
