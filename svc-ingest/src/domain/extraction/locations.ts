/**
 * Locations without a dependency: country names come from the runtime's ICU data (Intl.DisplayNames over every
 * ISO 3166 region code: an offline gazetteer of about 250 countries with their English names), US states from
 * their postal codes, and cities from the "City, ST" / "City, Country" shapes.
 */
export const US_STATES =
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(
    ' ',
  );

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** English country names (and common short forms) -> the name stored. */
export const COUNTRIES: Map<string, string> = (() => {
  const map = new Map<string, string>();
  for (const a of letters)
    for (const b of letters) {
      const code = a + b;
      const name = regionNames.of(code);
      if (!name || name === code || /unknown|outlying|^european union$|^world$/i.test(name)) continue;
      map.set(name.toLowerCase(), name);
    }
  for (const [alias, name] of [
    ['usa', 'United States'],
    ['u.s.', 'United States'],
    ['uk', 'United Kingdom'],
    ['england', 'United Kingdom'],
    ['great britain', 'United Kingdom'],
    ['uae', 'United Arab Emirates'],
  ] as const)
    map.set(alias, name);
  return map;
})();

const COUNTRY_PATTERN = new RegExp(
  `\\b(${[...COUNTRIES.keys()]
    .filter((k) => k.length > 3 || k === 'usa' || k === 'uae')
    .sort((a, b) => b.length - a.length)
    .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})\\b`,
  'gi',
);

/** "San Francisco, CA", "Berlin, Germany", "Abuja, Nigeria": up to three capitalised words before a state or country. */
export function findCityRegion(text: string): string | null {
  const region = /,[ \t]*(\p{Lu}{2}|\p{Lu}[\p{L}]+(?:[ \t]\p{Lu}[\p{L}]+){0,2})(?![\p{L}])/gu;
  for (const m of text.matchAll(region)) {
    const name = m[1]!;
    const isState = US_STATES.includes(name);
    const country = COUNTRIES.get(name.toLowerCase());
    if (!isState && !country) continue;
    const before = text
      .slice(Math.max(0, m.index - 60), m.index)
      .split(/[,\n|•·(]/)
      .at(-1)!;
    const city = /(\p{Lu}[\p{L}'-]+(?:[ \t]\p{Lu}[\p{L}'-]+){0,2})[ \t]*$/u.exec(before)?.[1];
    if (!city || /^\p{Lu}{2}$/u.test(city) || COUNTRIES.has(city.toLowerCase())) continue;
    return `${city}, ${name}`;
  }
  return null;
}

/**
 * The country a deck is about when it says so repeatedly: named on at least three slides, and named more than twice as
 * often as any other country (a deck comparing markets names none).
 */
export function dominantCountry(pages: string[]): { country: string; pages: number[] } | null {
  const counts = new Map<string, number[]>();
  pages.forEach((text, index) => {
    const seen = new Set<string>();
    for (const m of text.matchAll(COUNTRY_PATTERN)) {
      const name = COUNTRIES.get(m[1]!.toLowerCase())!;
      if (seen.has(name)) continue;
      seen.add(name);
      counts.set(name, [...(counts.get(name) ?? []), index]);
    }
  });
  const ranked = [...counts.entries()].sort((a, b) => b[1].length - a[1].length);
  const [first, second] = ranked;
  if (!first || first[1].length < 3) return null;
  if (second && second[1].length * 2 > first[1].length) return null;
  return { country: first[0], pages: first[1] };
}
