/**
 * `npm run eval:extraction`: field-level accuracy of each extractor on the generated fixtures corpus.
 * The AI extractor runs too when OPENAI_BASE_URL and OPENAI_API_KEY are set.
 */
import { readDeck } from '../deck/read-deck.js';
import { createHeuristicExtractor } from '../extraction/heuristic-extractor.js';
import { createOpenAiExtractor } from '../extraction/openai-extractor.js';
import type { TExtractor } from '../extraction/extractor.js';
import { buildDeckCorpus } from '../fixtures/deck-corpus.js';
import { fieldValue, isFieldCorrect, SCORED_FIELDS } from '../fixtures/score-extraction.js';

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
    const actual = await extractor.extract({
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

const main = async () => {
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
  for (const extractor of extractors) {
    const result = await evaluateExtractor(extractor, process.argv.includes('--verbose'));
    console.log(
      `\nExtractor: ${extractor.name} (${result.decks} decks, ${result.heldOutDecks} of them in held-out layouts)`,
    );
    for (const [field, accuracy] of Object.entries(result.perField))
      console.log(`  ${field.padEnd(22)} ${(accuracy * 100).toFixed(1)}%`);
    console.log(`  ${'overall'.padEnd(22)} ${(result.overall * 100).toFixed(1)}%`);
    console.log(`  ${'held-out layouts only'.padEnd(22)} ${(result.heldOut * 100).toFixed(1)}%`);
    console.log(
      `  ${'invented values'.padEnd(22)} ${result.invented} of ${result.nullTruths} null truths` +
        (result.nullTruths > 0
          ? ` (${((result.invented / result.nullTruths) * 100).toFixed(1)}%, target <= 5%)`
          : ''),
    );
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
