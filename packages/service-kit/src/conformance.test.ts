import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConformance, SERVICES } from './conformance.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('every service has the one shape', () => {
  const problems = checkConformance(root);
  it.each([...SERVICES.map((s) => `svc-${s}`), 'shell', 'mfe-'])('%s conforms', (prefix) => {
    expect(problems.filter((p) => p.startsWith(prefix))).toEqual([]);
  });
});

describe('the conformance check fails on an injected violation', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'conformance-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  const skip = (src: string) => !/node_modules|[\\/]dist[\\/]?|\.turbo/.test(src);
  for (const dir of ['svc-identity', 'svc-billing', 'svc-ingest', 'svc-crm', 'mfe-team']) {
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

  it('a hand-written owner check in a route', () => {
    expect(inject('svc-crm/src/routes/x.ts', "if (actor.role !== 'owner') throw new Error('no');\n")).toEqual(
      [expect.stringContaining('hand-written auth check in a route')],
    );
  });
  it('a repository file named otherwise', () => {
    expect(inject('svc-billing/src/repositories/member-repo.ts', 'export {};\n')).toEqual([
      expect.stringContaining('a repository file is'),
    ]);
  });
  it('a publish outside the events file', () => {
    expect(inject('svc-ingest/src/use-cases/y.ts', 'publishEvent(em, { topic, orgId, data });\n')).toEqual([
      expect.stringContaining('publishes outside repositories/ingest.events.ts'),
    ]);
  });
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
  it('hand-written SQL in a repository file, with or without a result type', () => {
    const sql = (call: string) =>
      `export const n = (em: EntityManager) => em.getConnection()${call}('UPDATE organizations SET x = 1', []);\n`;
    for (const call of ['.execute', '.execute<{ x: number }[]>']) {
      expect(inject('svc-identity/src/repositories/membership.repository.ts', sql(call))).toEqual([
        expect.stringContaining('hand-written SQL outside a named <name>.queries.ts file'),
      ]);
    }
  });
  it('an API path string in a remote', () => {
    expect(inject('mfe-team/src/z.ts', "export const url = '/api/organization/members';\n")).toEqual([
      expect.stringContaining('an API path string'),
    ]);
  });
});
