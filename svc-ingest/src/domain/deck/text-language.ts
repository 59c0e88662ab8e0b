/** Text search configurations a record's language can be (PostgreSQL's; the search query uses all of them). */
export const SEARCH_LANGUAGES = [
  'simple',
  'english',
  'german',
  'french',
  'spanish',
  'italian',
  'dutch',
  'portuguese',
] as const;
export type TSearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/** Frequent function words of each language PostgreSQL stems (its own stop-word lists are longer). */
const STOPWORDS: Record<Exclude<TSearchLanguage, 'simple'>, string[]> = {
  english: ['the', 'and', 'of', 'to', 'in', 'is', 'for', 'with', 'our', 'we', 'that', 'on', 'are'],
  german: ['der', 'die', 'und', 'das', 'ist', 'mit', 'für', 'wir', 'nicht', 'ein', 'eine', 'auf', 'den'],
  french: ['le', 'la', 'les', 'et', 'des', 'est', 'pour', 'nous', 'une', 'dans', 'du', 'sur', 'avec'],
  spanish: ['el', 'los', 'las', 'y', 'es', 'para', 'con', 'una', 'del', 'por', 'nuestro', 'que', 'en'],
  italian: ['il', 'di', 'che', 'è', 'per', 'una', 'con', 'gli', 'della', 'sono', 'nostro', 'non', 'le'],
  dutch: ['de', 'het', 'een', 'en', 'van', 'is', 'voor', 'met', 'wij', 'onze', 'niet', 'op', 'dat'],
  portuguese: ['o', 'os', 'e', 'do', 'da', 'para', 'com', 'uma', 'não', 'nosso', 'em', 'que', 'é'],
};
const LOOKUP = new Map<string, (keyof typeof STOPWORDS)[]>();
for (const [language, words] of Object.entries(STOPWORDS) as [keyof typeof STOPWORDS, string[]][])
  for (const word of words) LOOKUP.set(word, [...(LOOKUP.get(word) ?? []), language]);

/** Words read at most: the language shows in the first pages. */
const SAMPLE_WORDS = 5_000;

/**
 * The text search configuration for a deck's text: the language whose function words are clearly the most
 * frequent (at least 20 hits and 1.5 times the next), else 'simple' (no stemming, any language).
 */
export function detectSearchLanguage(text: string): TSearchLanguage {
  const counts = new Map<string, number>();
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  for (const word of words.slice(0, SAMPLE_WORDS))
    for (const language of LOOKUP.get(word) ?? []) counts.set(language, (counts.get(language) ?? 0) + 1);
  const [first, second] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!first || first[1] < 20 || (second && first[1] < second[1] * 1.5)) return 'simple';
  return first[0] as TSearchLanguage;
}
