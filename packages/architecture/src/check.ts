import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkSource } from './ast-check.js';
import { cruiseImports } from './depcruise.js';
import type { TViolation } from './violation.js';

/**
 * Known violations not fixed yet, one `<file> <rule>` per line with a comment saying why (baseline.txt next
 * to this file). Each is still printed as known; only new ones fail. An entry that no longer occurs fails too,
 * so the list only shrinks.
 */
export function readBaseline(file: string): Set<string> {
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

export interface TCheckResult {
  violations: TViolation[];
  known: TViolation[];
  stale: string[];
}

/** Every architecture rule over the tree at `root`; `configRoot` holds .dependency-cruiser.cjs. */
export async function checkArchitecture(
  root: string,
  { configRoot = root, baseline = new Set<string>() }: { configRoot?: string; baseline?: Set<string> } = {},
): Promise<TCheckResult> {
  const all = [...(await cruiseImports(root, configRoot)), ...checkSource(root)].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line,
  );
  const keyOf = (v: TViolation) => `${v.file} ${v.rule}`;
  const found = new Set(all.map(keyOf));
  return {
    violations: all.filter((v) => !baseline.has(keyOf(v))),
    known: all.filter((v) => baseline.has(keyOf(v))),
    stale: [...baseline].filter((key) => !found.has(key)),
  };
}

export const BASELINE_FILE = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'baseline.txt');
