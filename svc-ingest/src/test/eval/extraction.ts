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

/** Metrics are not scored on real decks: their truths would need every figure of every slide. */
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
  error?: string;
}

/**
 * Reads the real decks present in the cache once (OCR included; missing ones are listed, not failed). The text read
 * is kept in corpus/.cache/text/ so that re-runs skip the OCR; `--fresh` reads every deck again.
 */
export async function loadRealDecks(fresh = false) {
  const { decks, truths } = readManifest();
  const loaded: { id: string; split: TSplit; deck: TDeckText | null; error?: string }[] = [];
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
      loaded.push({ id: entry.id, split: splitOf(entry.sha256), deck });
    } catch (error) {
      loaded.push({
        id: entry.id,
        split: splitOf(entry.sha256),
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
  const perField = Object.fromEntries(
    (['tune', 'test'] as const).map((split) => [
      split,
      Object.fromEntries(REAL_SCORED_FIELDS.map((f) => [f, { correct: 0, total: 0 }])),
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
    const result: TRealDeckResult = { id, split, correct: 0, scored: 0, misses: [], invented: [], error };
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
    return { decks: decks.length, accuracy: scored ? correct / scored : 0, nullTruths, invented };
  };
  return { results, perField, tune: summary('tune'), test: summary('test') };
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
        `\n== ${extractor.name} on REAL-${split.toUpperCase()} decks (${s.decks} decks; metrics not scored)`,
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
      console.log(
        `  ${'overall'.padEnd(22)} ${pct(s.accuracy)}${split === 'test' ? ' (target >= 80%)' : ''}`,
      );
      console.log(
        `  ${'invented values'.padEnd(22)} ${s.invented} of ${s.nullTruths} null truths` +
          (s.nullTruths > 0 ? ` (${pct(s.invented / s.nullTruths)}, target <= 5%)` : ''),
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
