import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConformance, SERVICES } from './conformance.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('every service has the one shape', () => {
  const problems = checkConformance(root);
  it.each(SERVICES.map((s) => `svc-${s}`))('%s conforms', (prefix) => {
    expect(problems.filter((p) => p.startsWith(prefix))).toEqual([]);
  });
});

describe('the conformance check fails on an injected violation', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'conformance-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  const skip = (src: string) => !/node_modules|[\\/]dist[\\/]?|\.turbo/.test(src);
  for (const dir of ['svc-identity', 'svc-billing', 'svc-ingest', 'svc-crm']) {
    cpSync(path.join(root, dir, 'src'), path.join(copy, dir, 'src'), { recursive: true, filter: skip });
  }
  const baseline = new Set(checkConformance(copy));
  const inject = (file: string, text: string) => {
    writeFileSync(path.join(copy, file), text);
    try {
      return checkConformance(copy).filter((p) => !baseline.has(p));
    } finally {
      rmSync(path.join(copy, file));
    }
  };

  it('a contract route the service does not register through route()', () => {
    const file = path.join(copy, 'svc-crm/src/routes/deals.ts');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/crmRoutes\.getDealById\b/g, 'crmRoutes.getDeal'));
    try {
      expect(checkConformance(copy).filter((p) => !baseline.has(p))).toEqual([
        'svc-crm/src/routes: crmRoutes.getDealById is not registered with route()',
      ]);
    } finally {
      writeFileSync(file, original);
    }
  });
  it("a copy of the kit's blankIsUnset", () => {
    expect(
      inject(
        'svc-crm/src/use-cases/x.ts',
        'const blankIsUnset = (s: unknown) => s;\nexport { blankIsUnset };\n',
      ),
    ).toEqual([expect.stringContaining("a copy of the kit's blankIsUnset")]);
  });
});
