/**
 * The words a deck uses for its ask, its rounds, its contact slide, its founders and its seat, in English, German,
 * French, Spanish, Portuguese and Polish: the rules match these alongside the English ones.
 */

/** An ask: "raising", "Wir suchen", "Finanzierungsbedarf", "levée de fonds", "buscamos", "Levantamos", "pozyskujemy". */
export const ASK_WORDS = [
  'raising',
  'raise',
  'seeking',
  'ask\\s*:',
  'the ask',
  'funding ask',
  'investment ask',
  'round size',
  'round target',
  // de
  'wir suchen',
  'finanzierungsbedarf',
  'kapitalbedarf',
  'investitionsbedarf',
  'finanzierungsrunde',
  // fr
  'levée de fonds',
  'nous levons',
  'nous recherchons',
  'besoin de financement',
  // es
  'buscamos',
  'levantamos',
  'ronda de (?:inversión|financiación|financiamiento)',
  'necesitamos',
  // pt
  'captação',
  'captamos',
  'buscando',
  'rodada de investimento',
  // pl
  'poszukujemy',
  'pozyskujemy',
  'szukamy',
  'runda finansowania',
  'potrzebujemy',
];

/** Rounds as each language writes them, to the names the product shows. */
export const LOCAL_ROUNDS: [string, RegExp][] = [
  ['Pre-Seed', /\b(?:pré[- ]?semente|pre[- ]?semilla|pré[- ]?amorçage)\b/i],
  ['Seed', /\b(?:ronda semilla|rodada semente|capital semilla|amorçage|seed[- ]?runde|runda seed)\b/i],
  ['Series A', /\b(?:seri[ea]|série|séria)\s*a\b/i],
  ['Series B', /\b(?:seri[ea]|série|séria)\s*b\b/i],
  ['Series C', /\b(?:seri[ea]|série|séria)\s*c\b/i],
];

/** The heading of a contact slide. */
export const CONTACT_HEADINGS =
  /^(?:contact(?:o|os|ato|ez-nous)?|kontakt|kontaktieren sie uns|skontaktuj się z nami|fale conosco|get in touch)\b/i;

/** Founder and officer titles (CEO, Gründer, Geschäftsführer, fondateur, fundador, założyciel, prezes). */
export const LOCAL_POSITIONS =
  'gründer(?:in)?|mitgründer(?:in)?|geschäftsführer(?:in)?|fondat(?:eur|rice)|co-?fondat(?:eur|rice)|fundador(?:a)?|cofundador(?:a)?|sócio[- ]fundador|założyciel(?:ka)?|współzałożyciel(?:ka)?|prezes(?: zarządu)?';

/** "gegründet 2019", "fondée en 2019", "fundada en 2019", "fundada em 2019", "założona w 2019". */
export const FOUNDED_WORDS =
  'founded|established|est\\.?|incorporated|operating since|gegründet|fondée?|fundad[ao]|założon[aya]|od roku';

/** "Sitz: Berlin", "Siège : Paris", "Sede: Madrid", "Siedziba: Warszawa". */
export const LOCATION_LABELS =
  'hq|headquarters|location|based in|offices?|address|sitz|standort|siège|sede|siedziba|adresse|dirección|endereço|adres';
