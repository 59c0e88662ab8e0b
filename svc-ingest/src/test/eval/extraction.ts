/**
 * `npm run eval:extraction`: field-level accuracy of each extractor on the generated fixtures corpus and on the
 * real-deck corpus (corpus/manifest.json), the latter split by hash into tune and test. The AI extractor runs too
 * when OPENAI_BASE_URL and OPENAI_API_KEY are set. `--verbose` prints every miss (never tune rules on test misses).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TExtractedData } from '@dealflow/contracts';
import { closeDeckPool } from '../../domain/deck/deck-pool.js';
import type { TDeckText } from '../../domain/deck/deck-text.js';
import { readDeck } from '../../domain/deck/read-deck.js';
import { createHeuristicExtractor } from '../../domain/extraction/heuristic-extractor.js';
import { createOpenAiExtractor } from '../../providers/openai-extractor.js';
import type { TExtractor } from '../../domain/extraction/extractor.js';
import { buildDeckCorpus } from '../fixtures/deck-corpus.js';
import {
  fieldValue,
  isFieldCorrect,
  SCORED_FIELDS,
  type TScoredField,
} from '../fixtures/score-extraction.js';
import { acceptedValues, CACHE_DIR, cachePath, readManifest, splitOf, type TSplit } from './real-corpus.js';

export async function evaluateExtractor(extractor: TExtractor, verbose = false) {
  const corpus = await buildDeckCorpus();
  const correct = Object.fromEntries(SCORED_FIELDS.map((f) => [f, 0])) as Record<
    (typeof SCORED_FIELDS)[number],
    number
  >;
  let heldOutCorrect = 0;
  // An invented value is one the extractor stored where the truth is null: worse than a miss, it looks like a fact.
  let nullTruths = 0;
  let invented = 0;
  for (const fixture of corpus) {
    const deck = await readDeck(
      { filename: `${fixture.name}.pdf`, contentType: 'application/pdf', content: fixture.pdf },
      50 * 1024 * 1024,
    );
    const { data: actual } = await extractor.extract({
      deck,
      emailText: '',
      fromName: null,
      fromEmail: 'forwarder@example.org',
      subject: null,
    });
    for (const field of SCORED_FIELDS) {
      if (fieldValue(field, fixture.expected) === null) {
        nullTruths++;
        if (fieldValue(field, actual) !== null) invented++;
      }
      if (isFieldCorrect(field, actual, fixture.expected)) {
        correct[field]++;
        if (fixture.heldOut) heldOutCorrect++;
      } else if (verbose)
        console.log(
          `  miss ${fixture.name} (layout ${fixture.layout}) ${field}:`,
          JSON.stringify(
            field.startsWith('contactInfo.') ? actual.contactInfo : actual[field as 'companyName'],
          ),
        );
    }
  }
  const perField = Object.fromEntries(SCORED_FIELDS.map((f) => [f, correct[f] / corpus.length]));
  const overall = SCORED_FIELDS.reduce((n, f) => n + correct[f], 0) / (SCORED_FIELDS.length * corpus.length);
  const heldOutDecks = corpus.filter((f) => f.heldOut).length;
  return {
    decks: corpus.length,
    heldOutDecks,
    perField,
    overall,
    heldOut: heldOutCorrect / (SCORED_FIELDS.length * heldOutDecks),
    nullTruths,
    invented,
  };
}

/** The real decks score metrics apart (metric precision, on the decks whose truth lists their metrics). */
export const REAL_SCORED_FIELDS = SCORED_FIELDS.filter((f) => f !== 'metrics');

const EMPTY: TExtractedData = {
  companyName: null,
  industry: null,
  description: null,
  website: null,
  location: null,
  foundedYear: null,
  fundingRound: null,
  fundingAmount: null,
  metrics: {},
  contactInfo: { name: null, email: null, phone: null, position: null },
};

/** The truth with one field set to one accepted value, as the generated corpus' scorer expects it. */
const expectedWith = (field: TScoredField, value: string | number): TExtractedData => {
  if (field.startsWith('contactInfo.'))
    return { ...EMPTY, contactInfo: { ...EMPTY.contactInfo, [field.slice(12)]: String(value) } };
  return { ...EMPTY, [field]: field === 'foundedYear' ? Number(value) : String(value) };
};

export interface TRealDeckResult {
  id: string;
  split: TSplit;
  correct: number;
  scored: number;
  misses: string[];
  invented: string[];
  /** Metrics the extractor stated, and how many of them the deck states with that label and value. */
  metricsStated: number;
  metricsRight: number;
  error?: string;
}

/** The seven fields the issue measures on real decks; "contact" is right when its email and its name both are. */
export const MAIN_FIELDS = [
  'companyName',
  'website',
  'industry',
  'location',
  'fundingRound',
  'fundingAmount',
  'contact',
] as const;

const metricKey = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const metricValue = (value: string) =>
  value
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/million|mm|mn/, 'm')
    .replace(/thousand/, 'k')
    .replace(/\.0+(?=[kmb%]?$)/, '');

/**
 * Reads the real decks present in the cache once (OCR included; missing ones are listed, not failed). The text read
 * is kept in corpus/.cache/text/ so that re-runs skip the OCR; `--fresh` reads every deck again.
 */
export async function loadRealDecks(fresh = false) {
  const { decks, truths } = readManifest();
  const loaded: { id: string; repo: string; split: TSplit; deck: TDeckText | null; error?: string }[] = [];
  const missing: string[] = [];
  for (const entry of decks) {
    const file = cachePath(entry);
    if (!existsSync(file)) {
      missing.push(entry.id);
      continue;
    }
    const textFile = join(CACHE_DIR, 'text', `${entry.sha256}.json`);
    try {
      const deck =
        !fresh && existsSync(textFile)
          ? (JSON.parse(readFileSync(textFile, 'utf8')) as TDeckText)
          : await readDeck(
              { filename: `${entry.id}.${entry.format}`, contentType: '', content: readFileSync(file) },
              50 * 1024 * 1024,
            );
      mkdirSync(join(CACHE_DIR, 'text'), { recursive: true });
      writeFileSync(textFile, JSON.stringify(deck));
      loaded.push({ id: entry.id, repo: entry.repo, split: splitOf(entry.repo), deck });
    } catch (error) {
      loaded.push({
        id: entry.id,
        repo: entry.repo,
        split: splitOf(entry.repo),
        deck: null,
        error: (error as Error).message,
      });
    }
  }
  return { loaded, missing, truths };
}

export async function evaluateRealCorpus(
  extractor: TExtractor,
  corpus: Awaited<ReturnType<typeof loadRealDecks>>,
) {
  const results: TRealDeckResult[] = [];
  const repoOf = new Map(corpus.loaded.map((d) => [d.id, d.repo]));
  const perField = Object.fromEntries(
    (['tune', 'test'] as const).map((split) => [
      split,
      Object.fromEntries(REAL_SCORED_FIELDS.map((f) => [f, { correct: 0, total: 0 }])),
    ]),
  ) as Record<TSplit, Record<string, { correct: number; total: number }>>;
  const main = Object.fromEntries(
    (['tune', 'test'] as const).map((split) => [
      split,
      Object.fromEntries(MAIN_FIELDS.map((f) => [f, { correct: 0, total: 0 }])),
    ]),
  ) as Record<TSplit, Record<string, { correct: number; total: number }>>;
  for (const { id, split, deck, error } of corpus.loaded) {
    const truth = corpus.truths[id]!;
    const { data: actual } = await extractor.extract({
      deck,
      emailText: '',
      fromName: null,
      fromEmail: 'forwarder@example.org',
      subject: null,
    });
    const result: TRealDeckResult = {
      id,
      split,
      correct: 0,
      scored: 0,
      misses: [],
      invented: [],
      metricsStated: 0,
      metricsRight: 0,
      error,
    };
    if (truth.metrics)
      for (const [name, value] of Object.entries(actual.metrics)) {
        result.metricsStated++;
        const right = truth.metrics.some(
          (m) => metricKey(m.name) === metricKey(name) && metricValue(m.value) === metricValue(value),
        );
        if (right) result.metricsRight++;
        else result.misses.push(`metric ${name}=${JSON.stringify(value)} is not stated so in the deck`);
      }
    for (const field of REAL_SCORED_FIELDS) {
      const accepted = acceptedValues(truth, field);
      const got = fieldValue(field, actual);
      const ok =
        accepted.length === 0
          ? got === null
          : accepted.some((value) => isFieldCorrect(field, actual, expectedWith(field, value)));
      result.scored++;
      perField[split][field]!.total++;
      if (ok) {
        result.correct++;
        perField[split][field]!.correct++;
      } else if (accepted.length === 0) result.invented.push(`${field}=${JSON.stringify(got)}`);
      else result.misses.push(`${field}: got ${JSON.stringify(got)}, want ${JSON.stringify(accepted)}`);
    }
    const ok = (field: TScoredField) => {
      const accepted = acceptedValues(truth, field);
      return accepted.length === 0
        ? fieldValue(field, actual) === null
        : accepted.some((value) => isFieldCorrect(field, actual, expectedWith(field, value)));
    };
    for (const field of MAIN_FIELDS) {
      const right = field === 'contact' ? ok('contactInfo.email') && ok('contactInfo.name') : ok(field);
      main[split][field]!.total++;
      if (right) main[split][field]!.correct++;
    }
    results.push(result);
  }
  const summary = (split: TSplit) => {
    const decks = results.filter((r) => r.split === split);
    const correct = decks.reduce((n, r) => n + r.correct, 0);
    const scored = decks.reduce((n, r) => n + r.scored, 0);
    const nullTruths = decks.reduce(
      (n, r) =>
        n + REAL_SCORED_FIELDS.filter((f) => acceptedValues(corpus.truths[r.id]!, f).length === 0).length,
      0,
    );
    const invented = decks.reduce((n, r) => n + r.invented.length, 0);
    const metricsStated = decks.reduce((n, r) => n + r.metricsStated, 0);
    const metricsRight = decks.reduce((n, r) => n + r.metricsRight, 0);
    const mainCells = Object.values(main[split]);
    const mainAccuracy =
      mainCells.reduce((n, c) => n + c.correct, 0) /
      Math.max(
        1,
        mainCells.reduce((n, c) => n + c.total, 0),
      );
    return {
      decks: decks.length,
      repositories: new Set(decks.map((r) => repoOf.get(r.id))).size,
      accuracy: scored ? correct / scored : 0,
      mainAccuracy,
      nullTruths,
      invented,
      metricsStated,
      metricsRight,
      metricPrecision: metricsStated ? metricsRight / metricsStated : 1,
      metricDecks: decks.filter((r) => corpus.truths[r.id]!.metrics).length,
    };
  };
  return { results, perField, main, tune: summary('tune'), test: summary('test') };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

const main = async () => {
  const verbose = process.argv.includes('--verbose');
  // Test decks' misses stay hidden unless asked for: rules are tuned on the tune split only.
  const verboseTest = process.argv.includes('--verbose-test');
  const extractors: TExtractor[] = [createHeuristicExtractor()];
  if (process.env.OPENAI_BASE_URL && process.env.OPENAI_API_KEY) {
    extractors.push(
      createOpenAiExtractor({
        baseURL: process.env.OPENAI_BASE_URL,
        apiKey: process.env.OPENAI_API_KEY,
        model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini',
      }),
    );
  } else {
    console.log('(openai extractor skipped: set OPENAI_BASE_URL and OPENAI_API_KEY to evaluate it)');
  }
  const real = await loadRealDecks(process.argv.includes('--fresh'));
  if (real.missing.length > 0)
    console.log(
      `(real corpus: ${real.missing.length} deck(s) not in corpus/.cache, skipped: ${real.missing.join(', ')}; run \`npm run corpus:refill -w @dealflow/svc-ingest\`)`,
    );
  for (const extractor of extractors) {
    const result = await evaluateExtractor(extractor, verbose);
    console.log(
      `\n== ${extractor.name} on GENERATED decks (${result.decks} decks, ${result.heldOutDecks} of them in held-out layouts)`,
    );
    for (const [field, accuracy] of Object.entries(result.perField))
      console.log(`  ${field.padEnd(22)} ${pct(accuracy)}`);
    console.log(`  ${'overall'.padEnd(22)} ${pct(result.overall)}`);
    console.log(`  ${'held-out layouts only'.padEnd(22)} ${pct(result.heldOut)}`);
    console.log(
      `  ${'invented values'.padEnd(22)} ${result.invented} of ${result.nullTruths} null truths` +
        (result.nullTruths > 0 ? ` (${pct(result.invented / result.nullTruths)}, target <= 5%)` : ''),
    );
    if (real.loaded.length === 0) continue;
    const realResult = await evaluateRealCorpus(extractor, real);
    for (const split of ['tune', 'test'] as const) {
      const s = realResult[split];
      console.log(
        `\n== ${extractor.name} on REAL-${split.toUpperCase()} decks (${s.decks} decks from ${s.repositories} repositories; split by repository)`,
      );
      for (const [field, { correct, total }] of Object.entries(realResult.perField[split]))
        console.log(`  ${field.padEnd(22)} ${total ? pct(correct / total) : '-'}`);
      for (const deck of realResult.results.filter((r) => r.split === split)) {
        console.log(
          `  deck ${deck.id.padEnd(44)} ${String(deck.correct).padStart(2)}/${deck.scored}` +
            (deck.error ? `  (unreadable: ${deck.error})` : ''),
        );
        if (split === 'tune' ? verbose : verboseTest)
          for (const line of [...deck.misses, ...deck.invented.map((i) => `invented ${i}`)])
            console.log(`      ${line}`);
      }
      console.log(`  ${'all fields'.padEnd(22)} ${pct(s.accuracy)}`);
      const targets = split === 'test';
      const mark = (ok: boolean) => (targets ? (ok ? '  MET' : '  MISSED') : '');
      console.log(`  the seven main fields:`);
      for (const [field, { correct, total }] of Object.entries(realResult.main[split])) {
        const value = total ? correct / total : 0;
        console.log(
          `    ${field.padEnd(20)} ${pct(value)}${targets ? ` (target >= 85%)${mark(value >= 0.85)}` : ''}`,
        );
      }
      console.log(
        `  ${'main-field accuracy'.padEnd(22)} ${pct(s.mainAccuracy)}${targets ? ` (target >= 92%)${mark(s.mainAccuracy >= 0.92)}` : ''}`,
      );
      const inventedShare = s.nullTruths ? s.invented / s.nullTruths : 0;
      console.log(
        `  ${'invented values'.padEnd(22)} ${s.invented} of ${s.nullTruths} null truths (${pct(inventedShare)}${targets ? `, target <= 3%)${mark(inventedShare <= 0.03)}` : ')'}`,
      );
      console.log(
        s.metricsStated === 0
          ? `  ${'metric precision'.padEnd(22)} not measurable: no metric stated on the ${s.metricDecks} decks with metric truths${targets ? ' (target >= 95%)  NOT MEASURED' : ''}`
          : `  ${'metric precision'.padEnd(22)} ${s.metricsRight} of ${s.metricsStated} stated metrics right on the ${s.metricDecks} decks with metric truths (${pct(s.metricPrecision)}${targets ? `, target >= 95%)${mark(s.metricPrecision >= 0.95)}` : ')'}`,
      );
      const description = realResult.perField[split]['description']!;
      const descriptionShare = description.total ? description.correct / description.total : 0;
      console.log(
        `  ${'description acceptable'.padEnd(22)} ${pct(descriptionShare)}${targets ? ` (target >= 80%)${mark(descriptionShare >= 0.8)}` : ''}`,
      );
    }
  }
  await closeDeckPool();
};

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
