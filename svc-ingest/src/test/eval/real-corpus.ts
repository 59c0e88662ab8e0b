/**
 * The real-deck corpus: public pitch decks found in public GitHub repositories, listed in corpus/manifest.json
 * (repository, commit, path, sha256, licence) with the truth per field in corpus/truths.json, written by reading
 * each deck. No deck file is committed: they live in corpus/.cache/<sha256>.<ext>, which `npm run corpus:refill`
 * fills from local git snapshots of the source repositories (CORPUS_MIRROR_DIR/<owner>+<name>/repo, as the search
 * tool's fetch leaves them, or any bare clone at that place). The split is by REPOSITORY: a deck whose repository
 * name ("owner/name") hashes (sha256) to an even first hex digit is "tune" (rules may be adjusted by looking at its
 * misses), odd is "test" (never looked at for tuning). Two decks of one repository (a PDF and its PPTX, two versions)
 * are always on the same side, so the test split measures decks from repositories the rules have never seen.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'corpus');
export const CACHE_DIR = join(CORPUS_DIR, '.cache');

export interface TManifestEntry {
  id: string;
  repo: string;
  commit: string;
  path: string;
  sha256: string;
  bytes: number;
  format: 'pdf' | 'pptx';
  licence: string;
  committed: boolean;
  notes: string;
}

/** A truth value, or the list of values a careful reader would accept (a deck naming itself two ways). */
type TAlt<T> = T | T[];
/** A metric the deck states with its label: "ARR $1.2M (2025)" -> {name: 'ARR', value: '$1.2M', period: '2025'}. */
export interface TRealMetric {
  name: string;
  value: string;
  unit?: string | null;
  period?: string | null;
}

export interface TRealTruth {
  companyName: TAlt<string> | null;
  industry: TAlt<string> | null;
  description: TAlt<string> | null;
  website: TAlt<string> | null;
  location: TAlt<string> | null;
  foundedYear: number | null;
  fundingRound: TAlt<string> | null;
  fundingAmount: TAlt<string> | null;
  contactInfo: {
    name: TAlt<string> | null;
    email: TAlt<string> | null;
    phone: TAlt<string> | null;
    position: TAlt<string> | null;
  };
  /**
   * Every metric the deck states with its label (targets, market sizes and competitors' figures are not metrics).
   * Absent on the decks whose metrics were not written down: metric precision is scored on the others only.
   */
  metrics?: TRealMetric[];
}

export type TSplit = 'tune' | 'test';
/** The split of a repository ("owner/name"): every deck of one repository falls on the same side. */
export const splitOf = (repo: string): TSplit =>
  parseInt(createHash('sha256').update(repo.toLowerCase()).digest('hex')[0]!, 16) % 2 === 0 ? 'tune' : 'test';

export const cachePath = (entry: TManifestEntry) => join(CACHE_DIR, `${entry.sha256}.${entry.format}`);

export function readManifest(): { decks: TManifestEntry[]; truths: Record<string, TRealTruth> } {
  const manifest = JSON.parse(readFileSync(join(CORPUS_DIR, 'manifest.json'), 'utf8')) as {
    decks: TManifestEntry[];
  };
  const truths = JSON.parse(readFileSync(join(CORPUS_DIR, 'truths.json'), 'utf8')) as Record<
    string,
    TRealTruth
  >;
  return { decks: manifest.decks, truths };
}

/** The accepted values of one scored field (an empty list means the truth is null). */
export function acceptedValues(truth: TRealTruth, field: string): (string | number)[] {
  const raw = field.startsWith('contactInfo.')
    ? truth.contactInfo[field.slice(12) as keyof TRealTruth['contactInfo']]
    : (truth as unknown as Record<string, unknown>)[field];
  if (raw === null || raw === undefined) return [];
  return (Array.isArray(raw) ? raw : [raw]) as (string | number)[];
}

/** Copies each missing deck from its source snapshot into the cache, checking its sha256. */
export function refillCache(mirrorDir = process.env.CORPUS_MIRROR_DIR ?? '/work/.mirror') {
  const { decks } = readManifest();
  mkdirSync(CACHE_DIR, { recursive: true });
  const report = { present: 0, refilled: 0, missing: [] as string[] };
  for (const entry of decks) {
    const target = cachePath(entry);
    if (existsSync(target)) {
      report.present++;
      continue;
    }
    const gitDir = join(mirrorDir, entry.repo.replace('/', '+'), 'repo');
    if (!existsSync(gitDir)) {
      report.missing.push(`${entry.id}: no snapshot of ${entry.repo} at ${gitDir}`);
      continue;
    }
    try {
      const content = execFileSync('git', ['--git-dir', gitDir, 'show', `${entry.commit}:${entry.path}`], {
        maxBuffer: 100 * 1024 * 1024,
      });
      const sha = createHash('sha256').update(content).digest('hex');
      if (sha !== entry.sha256) {
        report.missing.push(`${entry.id}: sha256 mismatch (${sha})`);
        continue;
      }
      writeFileSync(target, content);
      report.refilled++;
    } catch (error) {
      report.missing.push(`${entry.id}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = refillCache();
  console.log(`corpus cache: ${report.present} present, ${report.refilled} refilled`);
  for (const line of report.missing) console.log(`  missing ${line}`);
  if (report.missing.length > 0)
    console.log(
      'Missing decks need a snapshot of their repository (the search tool’s fetch, or `git clone --mirror` with network) under CORPUS_MIRROR_DIR/<owner>+<name>/repo.',
    );
}
