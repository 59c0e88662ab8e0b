import { DECK_SECTIONS, type TDeckOutline, type TDeckSection } from '@dealflow/contracts';
import type { TDeckText } from './deck-text.js';

/*
 * The deck's outline for the offline analysis (svc-crm never sees the deck text): on which slide each of the
 * usual sections starts, and the figures found next to a metric's name. Plain word lists, matched on the
 * slide's title lines first (a slide called "Traction" is the traction slide), then on strong phrases in the
 * body ("use of funds", "TAM"). Lines are capped in length, and every pattern is linear.
 */

/** Words that name a section when they are a slide's title. */
const TITLE_WORDS: Record<TDeckSection, RegExp> = {
  problem: /\b(problems?|pain points?|the challenge|challenges|the issue|why now)\b/i,
  solution: /\b(solutions?|our approach|how it works|introducing|value proposition)\b/i,
  market: /\b(market|markets|tam|sam|som|opportunity|market size)\b/i,
  product: /\b(product|products|platform|features|demo|technology|how we do it)\b/i,
  traction: /\b(traction|milestones|growth|customers|kpis?|metrics|progress|results)\b/i,
  businessModel: /\b(business model|revenue model|pricing|monetization|monetisation|unit economics)\b/i,
  competition: /\b(competition|competitors|competitive|landscape|alternatives)\b/i,
  team: /\b(team|founders|leadership|advisors|management|who we are)\b/i,
  financials: /\b(financials?|projections?|forecast|p&l|revenue plan|financial plan)\b/i,
  ask: /\b(the ask|our ask|ask|raising|fundraise|fundraising|use of funds|investment|funding)\b/i,
};

/** Phrases that place a section even when no title says it. */
const BODY_PHRASES: Partial<Record<TDeckSection, RegExp>> = {
  market: /\b(tam|sam|som|total addressable market|market size)\b/i,
  businessModel: /\b(business model|subscription revenue|per seat|take rate|pricing tiers?)\b/i,
  competition: /\b(competitors?|competitive advantage|vs\.? incumbents)\b/i,
  team: /\b(co-?founder|ceo|cto|coo)\b/i,
  financials: /\b(projected revenue|revenue projections?|burn rate|runway|ebitda)\b/i,
  ask: /\b(use of funds|we are raising|raising \$|seeking \$|the ask)\b/i,
};

const METRIC_NAMES: [label: string, pattern: RegExp][] = [
  ['ARR', /\barr\b|annual recurring revenue/i],
  ['MRR', /\bmrr\b|monthly recurring revenue/i],
  ['Revenue', /\brevenues?\b/i],
  ['GMV', /\bgmv\b/i],
  ['Users', /\b(users|dau|mau)\b/i],
  ['Customers', /\b(customers|clients|paying)\b/i],
  ['Growth', /\b(growth|mom|yoy)\b/i],
  ['Churn', /\bchurn\b/i],
  ['Retention', /\bretention\b/i],
  ['CAC', /\bcac\b/i],
  ['LTV', /\bltv\b|lifetime value/i],
  ['Gross margin', /\bmargins?\b/i],
  ['Burn', /\bburn\b/i],
  ['Runway', /\brunway\b/i],
  ['Downloads', /\bdownloads\b/i],
  ['Pilots', /\bpilots?\b/i],
  ['NPS', /\bnps\b/i],
];
/** A figure: currency, digits with separators, an optional scale or unit. */
const FIGURE = /[$€£]?\d[\d,.]*\s?(?:[kmb]n?\b|%|x\b|months\b)?\+?/i;
const MAX_LINE = 200;
const MAX_METRICS = 20;
/** Lines at the top of a slide that can be its title. */
const TITLE_LINES = 3;
const MAX_TITLE_LENGTH = 60;

function titleLines(page: TDeckText['pages'][number]): string[] {
  const largest = page.reduce((max, line) => Math.max(max, line.fontSize), 0);
  return page
    .filter((line, i) => i < TITLE_LINES || (largest > 0 && line.fontSize === largest))
    .map((line) => line.text.trim())
    .filter((text) => text.length > 0 && text.length <= MAX_TITLE_LENGTH);
}

export function createDeckOutline(deck: TDeckText): TDeckOutline {
  const pageNumber = (i: number) => deck.pageNumbers?.[i] ?? i + 1;
  const found = new Map<TDeckSection, number>();
  deck.pages.forEach((page, i) => {
    const titles = titleLines(page);
    for (const section of DECK_SECTIONS) {
      if (!found.has(section) && titles.some((t) => TITLE_WORDS[section].test(t)))
        found.set(section, pageNumber(i));
    }
  });
  deck.pages.forEach((page, i) => {
    for (const section of DECK_SECTIONS) {
      const phrase = BODY_PHRASES[section];
      if (phrase && !found.has(section) && page.some((l) => phrase.test(l.text.slice(0, MAX_LINE))))
        found.set(section, pageNumber(i));
    }
  });

  const keyMetrics: TDeckOutline['keyMetrics'] = [];
  const labels = new Set<string>();
  deck.pages.forEach((page, i) => {
    for (const line of page) {
      if (keyMetrics.length >= MAX_METRICS) return;
      const text = line.text.slice(0, MAX_LINE);
      const figure = FIGURE.exec(text)?.[0]?.trim();
      // A bare year is a date, not a figure.
      if (!figure || /^(19|20)\d\d$/.test(figure)) continue;
      const metric = METRIC_NAMES.find(([label, pattern]) => !labels.has(label) && pattern.test(text));
      if (!metric) continue;
      labels.add(metric[0]);
      keyMetrics.push({ label: metric[0], value: figure.slice(0, 60), page: pageNumber(i) });
    }
  });

  return {
    pageCount: deck.pages.length,
    sections: DECK_SECTIONS.filter((s) => found.has(s)).map((section) => ({
      section,
      page: found.get(section)!,
    })),
    keyMetrics,
  };
}
