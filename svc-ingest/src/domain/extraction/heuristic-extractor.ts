import type { TExtractedData, TExtractedField } from '@dealflow/contracts';
import type { TDeckLine } from '../deck/deck-text.js';
import { locateEvidence } from './evidence.js';
import { emptyExtractedData, type TExtractor } from './extractor.js';
import { originalSender } from './forwarded.js';
import { AMOUNT, AMOUNT_SOURCE, formatMoney, parseMoney } from './amounts.js';
import { INDUSTRIES, scoreIndustries } from './industries.js';
import { ASK_WORDS, FOUNDED_WORDS, LOCAL_POSITIONS, LOCAL_ROUNDS, LOCATION_LABELS } from './language-cues.js';
import { countryOf, findBareCity, formatCity, lookupCity } from './gazetteer.js';
import { COUNTRIES, dominantCountry, findCityRegion } from './locations.js';
import { isPlaceholderDomain, isPlaceholderEmail, isPlaceholderText } from './placeholders.js';
import { normalizeLine } from './text-normalize.js';

const ROUNDS: [string, RegExp][] = [
  ['Pre-Seed', /\bpre[- ]?seed\b/i],
  ['Seed', /\bseed\b/i],
  ['Series A', /\bseries\s*a\b/i],
  ['Series B', /\bseries\s*b\b/i],
  ['Series C', /\bseries\s*c\b/i],
  ['Series D', /\bseries\s*d\b/i],
  ['Bridge', /\bbridge (?:round|financing|note)\b/i],
  ['Angel', /\bangel (?:round|investment|funding)\b/i],
  // Case-sensitive: "safe" is an everyday word, the instrument is written in capitals.
  ['SAFE', /\bSAFEs?\b/],
  ['Grant', /\b(?:grant funding|non-dilutive grant|grant round)\b/i],
  ...LOCAL_ROUNDS,
];

const METRICS: [string, RegExp[]][] = [
  ['ARR', [/\bARR\s*[:\-–]?\s*(\$\s?[\d.,]+[ \t]*[kmb]?)/i, /(\$\s?[\d.,]+[ \t]*[kmb]?)\s*(in\s*)?ARR\b/i]],
  ['MRR', [/\bMRR\s*[:\-–]?\s*(\$\s?[\d.,]+[ \t]*[kmb]?)/i, /(\$\s?[\d.,]+[ \t]*[kmb]?)\s*(in\s*)?MRR\b/i]],
  [
    'Revenue',
    [
      /\brevenue\s*[:\-–]?\s*(\$\s?[\d.,]+[ \t]*[kmb]?)/i,
      /(\$\s?[\d.,]+[ \t]*[kmb]?)\s*(in\s*)?(annual\s*)?revenue\b/i,
    ],
  ],
  ['GMV', [/\bGMV\s*[:\-–]?\s*(\$\s?[\d.,]+[ \t]*[kmb]?)/i, /(\$\s?[\d.,]+[ \t]*[kmb]?)\s*GMV\b/i]],
  [
    'Users',
    [
      /\b(?:active\s+)?users\s*[:\-–]\s*([\d.,]+[ \t]*[kmb]?\+?)/i,
      /([\d.,]+[ \t]*[kmb]?\+?)\s*(?:monthly\s+|active\s+|registered\s+)?users\b/i,
    ],
  ],
  [
    'Customers',
    [
      /\b(?:paying\s+)?customers\s*[:\-–]\s*([\d.,]+[ \t]*[kmb]?\+?)/i,
      /([\d.,]+[ \t]*[kmb]?\+?)\s*(?:paying\s+|enterprise\s+|b2b\s+)?customers\b/i,
    ],
  ],
  [
    'Growth',
    [
      /\bgrowth\s*[:\-–]?\s*([\d.,]+[ \t]*%\s*(?:mom|yoy|m\/m|y\/y|month over month|year over year)?)/i,
      /([\d.,]+[ \t]*%\s*(?:mom|yoy|m\/m|y\/y))\s*(?:revenue\s+|user\s+)?growth\b/i,
      /\bgrowing\s*([\d.,]+[ \t]*%\s*(?:mom|yoy|m\/m|y\/y))/i,
    ],
  ],
  [
    'Retention',
    [
      /\b(?:net\s+)?retention\s*[:\-–]?\s*([\d.,]+[ \t]*%)/i,
      /([\d.,]+[ \t]*%)\s*(?:net\s+)?(?:revenue\s+)?retention\b/i,
    ],
  ],
  ['Churn', [/\bchurn\s*[:\-–]?\s*([\d.,]+[ \t]*%)/i, /([\d.,]+[ \t]*%)\s*(?:monthly\s+)?churn\b/i]],
  ['NPS', [/\bNPS\s*(?:of|[:\-–])?\s*(\d{1,3})\b/i]],
];

const POSITIONS = new RegExp(
  `\\b(co-?founder\\s*(?:&|and)\\s*(?:ceo|cto|coo|cfo)|founder\\s*(?:&|and)\\s*(?:ceo|cto)|(?:ceo|cto|coo|cfo)\\s*(?:&|and)\\s*co-?founder|chief executive officer|chief technology officer|co-?founder|founder|ceo|cto|coo|cfo|managing director|president|${LOCAL_POSITIONS})(?![\\p{L}])`,
  'iu',
);
const NAME = "([A-Z][a-zA-Z'’-]+(?:\\s+(?:(?:de|da|van|von|der|le|la|bin|al)\\s+)?[A-Z][a-zA-Z'’-]+){1,2})";
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,6}\b|\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}\b/;
const FREE_MAIL =
  /@(gmail|googlemail|yahoo|hotmail|outlook|live|icloud|me|aol|proton(mail)?|gmx|mail|yandex)\./i;

const clean = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s:–—-]+|[\s.,;:–—-]+$/g, '')
    .trim();

/** "$2.5 million" -> "$2.5M", "5M$" -> "$5M", "₹2.5 Cr" -> "₹25M", "1,5 Mio. €" -> "€1.5M", "KES 10M" -> "KES 10M". */
export const formatAmount = (raw: string): string => {
  const money = parseMoney(raw);
  return money ? formatMoney(money) : clean(raw);
};

const compactMetric = (raw: string) =>
  clean(raw)
    .replace(/\s+(?=[kmb%]\b)/gi, '')
    .replace(/(\d)([kmb])\b/gi, (_, d: string, u: string) => `${d}${u.toUpperCase()}`)
    .replace(/\$\s+/, '$');

/** Words that title a slide, never a company: "Welcome", "The Challenge", "Business Model". */
const SLIDE_TITLE =
  /^(?:the\s+)?(?:welcome|introduction|intro|agenda|overview|executive summary|summary|problem|problems|the problem|challenge|challenges|solution|solutions|market|market size|opportunity|product|products|traction|business|business model|model|development|competition|competitors|team|our team|the team|the ask|ask|roadmap|vision|mission|financials|contact|contact us|thank you|thanks|questions|queries|appendix|confidential|pitch deck|investor (?:deck|presentation)|presentation|demo|why now|how it works|use of funds|lean canvas|superior|introducing)\b/i;
const POSITION_WORDS =
  /\b(founder|co-?founder|ceo|cto|coo|cfo|cmo|director|lead|manager|president|head|officer|member|team)\b/i;
const KNOWN_TLD =
  /\.(?:com|io|ai|co|app|org|net|xyz|dev|tech|eu|finance|health|care|bio|energy|shop|store|studio|africa|monster|gg|fm|media|law|eco|homes|academy|work|insure|so|me|us|uk|de|fr|ke|ng|in|jp|cn|be|nl|es|it|ch|se|fi|dk|no|pl|pt|br|mx|ca|au|sg|za|ug|tz|gh|rw|ae|il|tr|uz|kr|id|vn|ph|my|th|pk|bd|lk|np|ar|cl|pe|lat|cr|ly|sh|to|vc|cc|one|site|online|cloud|tv|fi|cz|sk|at|ie|nz|hk|tw|kz|az|ua|ro|gr|hu|global|world|capital|ventures|agency|digital|solutions|network|systems|co\.uk|co\.ke|co\.za|com\.au|com\.br|co\.jp|com\.pl|com\.mx|com\.ar|com\.pe|com\.co|co\.in|co\.id)$/i;
const IGNORED_HOSTS =
  /(^|\.)(docsend\.com|google\.com|goo\.gl|dropbox\.com|pitch\.com|linkedin\.com|twitter\.com|x\.com|t\.co|calendly\.com|youtube\.com|youtu\.be|vimeo\.com|github\.com|gitlab\.com|medium\.com|wikipedia\.org|wikimedia\.org|notion\.so|figma\.com|canva\.com|apple\.com|play\.google\.com|facebook\.com|instagram\.com|tiktok\.com|t\.me|discord\.gg|discord\.com|bit\.ly|linktr\.ee|statista\.com|forbes\.com|techcrunch\.com|crunchbase\.com|ieee\.org)$/i;

interface TCandidate {
  value: string;
  score: number;
}
const best = (candidates: TCandidate[], min = 0): TCandidate | null =>
  candidates.filter((c) => c.score >= min).sort((a, b) => b.score - a.score)[0] ?? null;
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

const INDUSTRY_LABELS = new Set(INDUSTRIES.map(([label]) => squash(label)));
/** Words a heading uses that are never a company's name on their own ("Venture Capital", "Kenya", "Smart"). */
const GENERIC_NAME =
  /^(?:venture capital|startup|start-up|company|business plan|project|platform|app|application|hackathon|challenge|team|our company|about us|executive summary|investor|investors|smart|future|innovation|technology|welcome|hello|draft|version \S+|final|confidential|[a-z]{1,2})$/i;
/** A title line that is a place ("Kenya", "KOBE"), an industry ("Venture Capital") or a generic word is no name. */
const isPlaceOrTopic = (value: string) => {
  const key = squash(value);
  if (INDUSTRY_LABELS.has(key) || GENERIC_NAME.test(value.trim())) return true;
  if (COUNTRIES.has(value.trim().toLowerCase())) return true;
  const word = value.trim();
  const city = lookupCity(word) ?? lookupCity(word.charAt(0) + word.slice(1).toLowerCase());
  return city !== null && squash(city.name) === key;
};

/** The company's own domains: non-free, non-placeholder email domains first, then its website's host. */
const hostOf = (url: string) =>
  url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/[/?#].*$/, '')
    .toLowerCase();
const domainLabel = (host: string) => {
  const parts = host.split('.');
  // "plastitrackbes.vercel.app" -> "plastitrackbes"; "kobe-guide.vercel.app" -> "kobe-guide"; "doo.co" -> "doo".
  return parts.length > 2 && /^(vercel|netlify|herokuapp|github|web|firebaseapp|pages)$/.test(parts[1]!)
    ? parts[0]!
    : parts.length > 2 && parts.at(-2)!.length <= 3
      ? parts.at(-3)!
      : (parts.at(-2) ?? parts[0]!);
};

/**
 * The company name, as the best-scored candidate: the title slide's lines (bigger type scores more), a line that
 * repeats across slides (a footer), a stated "Company:" line, a name written as the domain of the company's email or
 * website. Slide titles, taglines, dates and placeholders are not names; a candidate the domains confirm wins.
 */
const findCompanyName = (
  pages: TDeckLine[][],
  text: string,
  subject: string | null,
  domains: string[],
): TCandidate | null => {
  const explicit = /^(?:company(?: name)?|startup)\s*[:\-–]\s*(.+)$/im.exec(text);
  if (explicit && !isPlaceholderText(explicit[1]!)) return { value: clean(explicit[1]!), score: 0.95 };
  const candidates: TCandidate[] = [];
  const labels = domains.map((d) => squash(domainLabel(d)));
  const pageTexts = pages.map((p) => squash(p.map((l) => l.text).join(' ')));
  const isName = (value: string) =>
    value.length >= 2 &&
    value.length <= 40 &&
    value.split(' ').length <= 5 &&
    !SLIDE_TITLE.test(value) &&
    !isPlaceholderText(value) &&
    !/^\d+$|^\d+\s*\/\s*\d+$|\b(19|20)\d{2}\b|@|https?:|^[\d\s%$€£.,+-]+$/.test(value) &&
    !/^(?:by|presented by|made with)\b/i.test(value) &&
    // A bare domain ("kobe-guide.vercel.app") is a link; its label counts through the domains instead.
    !/^\S+\.[a-z]{2,}(?:\s+\d+)?$/i.test(value) &&
    !/\b(?:round|pitch deck|deck|presentation)\b/i.test(value) &&
    !/[?!]$/.test(value) &&
    !/^\d+[.)]\s/.test(value);
  const add = (value: string, score: number) => {
    const v = clean(value);
    if (!isName(v) || isPlaceOrTopic(v)) return;
    const key = squash(v);
    if (!key) return;
    // Confirmed by the company's own domain ("Skyocean" and sebastian@skyocean.io).
    if (labels.some((l) => l.length >= 3 && (l === key || l.replace(/-/g, '') === key))) score += 0.5;
    else if (labels.some((l) => l.length >= 4 && (key.includes(l) || l.includes(key)))) score += 0.25;
    // Written on several slides (a footer, a logo, the name in running text).
    const slides = pageTexts.filter((t) => t.includes(key)).length;
    if (slides >= 3) score += 0.2;
    else if (slides >= 2) score += 0.1;
    // A tagline is longer than a name (a name in capitals may have four words: "The Modern Druid Project").
    const words = v.split(' ');
    if (words.length >= 5 || (words.length === 4 && !words.every((w) => /^[\p{Lu}\p{N}]/u.test(w))))
      score -= 0.25;
    candidates.push({ value: v, score });
  };
  const first = pages.find((p) => p.length > 0) ?? [];
  const sizes = [...new Set(first.map((l) => l.fontSize))].sort((a, b) => b - a);
  first.slice(0, 12).forEach((line, index) => {
    const rank = sizes.indexOf(line.fontSize);
    const base = rank === 0 ? 0.45 : rank === 1 ? 0.3 : 0.2;
    add(line.text, base - index * 0.01);
    // A name set over two lines in the same type ("The Modern" / "Druid Project").
    const next = first[index + 1];
    if (
      next &&
      next.fontSize === line.fontSize &&
      rank === 0 &&
      line.text.split(' ').length <= 2 &&
      next.text.split(' ').length <= 2 &&
      `${line.text} ${next.text}`.split(' ').every((w) => /^[\p{Lu}\p{N}]/u.test(w))
    )
      add(`${line.text} ${next.text}`, base + 0.03);
    // "Team Quadeyes", "Tým ManBalvan", "Équipe X", "Zespół X": the team's name.
    const team = /^(?:team|tým|équipe|equipo|equipe|zespół|drużyna)\s+(\S.{1,30})$/iu.exec(line.text)?.[1];
    if (team) add(team, base);
    // "Pitch Deck: Customer-Management".
    const titled = /^(?:pitch deck|deck|presentation|pitch)\s*[:\-–—|]\s*(.{2,30})$/i.exec(line.text)?.[1];
    if (titled) add(titled, base + 0.1);
    // "HbarWatch – Financial Transparency": the part before a dash or bar is the name.
    const head = /^(.{2,30}?)\s+[–—|:-]\s+\S/.exec(line.text)?.[1];
    if (head) add(head, base + 0.05);
    // "PITCH DECK — Pumpline": after a title word, the part after the dash is the name.
    const tail = /^(.{2,40}?)\s+[–—|]\s+(.{2,30})$/.exec(line.text);
    if (tail && (SLIDE_TITLE.test(tail[1]!) || /pitch|deck|content/i.test(tail[1]!)))
      add(tail[2]!, base + 0.1);
  });
  // Footers: short segments repeated on most slides ("ReFill | Sigma Group | Made with").
  if (pages.length >= 4) {
    const counts = new Map<string, number>();
    for (const page of pages)
      for (const segment of new Set(page.flatMap((l) => l.text.split(/\s[|•·]\s/)).map((s) => clean(s))))
        counts.set(segment, (counts.get(segment) ?? 0) + 1);
    for (const [segment, count] of counts) if (count >= Math.max(3, pages.length * 0.5)) add(segment, 0.35);
  }
  // "© 2025 Acme Inc." / "Copyright 2024 Acme GmbH" in a footer names the company.
  for (const m of pages
    .flat()
    .map((l) => l.text)
    .join('\n')
    .matchAll(
      /(?:©|\(c\)|copyright)\s*(?:(?:19|20)\d{2}\s*[-–]?\s*(?:(?:19|20)\d{2})?\s*)?([\p{Lu}][\p{L}\p{N}&.' -]{1,40}?)(?:,?\s+(?:inc|ltd|llc|gmbh|sas|sarl|s\.?a\.?|sp\.? z o\.?o\.?|pvt|ug|ag|bv|oy|ab|limited|corp)\.?)?\s*(?:[.|•·]|all rights|$)/gimu,
    ))
    add(m[1]!, 0.5);
  // "VBot is a cutting-edge trading bot": a subject that says what it is, in the first slides.
  for (const page of pages.slice(0, 4))
    for (const line of page) {
      const subject =
        /^([\p{Lu}][\p{L}\p{N}.&-]{1,24}(?:\s[\p{Lu}][\p{L}\p{N}.&-]{1,20})?)\s+(?:is|are|ist|est|es|é|jest)\s+(?:a|an|the|ein|eine|un|une|uma?|el|la|o)\s/u.exec(
          line.text,
        )?.[1];
      if (
        subject &&
        !/^(?:it|this|that|there|he|she|we|our|the|das|es|il|elle|ce|esto|isso|to)$/i.test(subject)
      )
        add(subject, 0.3);
    }
  // The domain's label written in the deck with its capitals ("Skyocean", "DooCoins").
  for (const label of labels) {
    if (label.length < 3) continue;
    const written = [
      ...pages
        .map((p) => p.map((l) => l.text).join('\n'))
        .join('\n')
        .matchAll(new RegExp(`\\b(${label.replace(/-/g, '[- ]?')}\\w{0,6})\\b`, 'gi')),
    ]
      .map((m) => m[1]!)
      .find((w) => /\p{Lu}/u.test(w));
    if (written && /\p{Lu}/u.test(written)) add(written, 0.2);
  }
  const chosen = best(candidates, 0.3);
  if (chosen) return { value: chosen.value, score: Math.min(0.95, chosen.score) };
  const fromSubject =
    subject &&
    /(?:deck|pitch)\s*[:\-–]\s*(.+)$|^(.+?)\s*[:\-–|]\s*(?:pitch|investor|seed|series|deck)/i.exec(subject);
  if (fromSubject)
    return { value: clean((fromSubject[1] ?? fromSubject[2])!.replace(/^(re|fwd?):\s*/i, '')), score: 0.5 };
  return null;
};

/** A slide's lines as running text: a line that does not end a sentence continues on the next one. */
const proseOf = (page: TDeckLine[]) =>
  page
    .map((l) => l.text)
    .reduce(
      (text, line) =>
        // Only a line that visibly continues a sentence joins it (columns side by side must not mix).
        text &&
        (/^[\p{Ll}&(,]/u.test(line) || /[,&-]$|\b(?:a|an|the|and|or|of|to|for|with|in|on)$/i.test(text))
          ? `${text} ${line}`
          : text
            ? `${text}\n${line}`
            : line,
      '',
    );

/** Lines that label the document, not the company: "HDATime – Pitch Deck", "Challenge 4, onkoApp DECK". */
const NOT_A_DESCRIPTION =
  /confidential|@|https?:|\b(19|20)\d{2}\b|presented by|made with|pitch ?deck|\bdeck\b|presentation|hackathon|challenge\s*\d|submission|semi-?final|lean canvas|\bdraft\b|version\s*\d|team members|we all are/i;

const findDescription = (
  pages: TDeckLine[][],
  text: string,
  companyName: string | null,
): TCandidate | null => {
  const explicit =
    /^(?:tagline|one[- ]liner|what we do|description|about(?: us)?)\s*[:\-–]\s*(.{15,300})$/im.exec(text);
  if (explicit) return { value: clean(explicit[1]!), score: 0.9 };
  // Lines wrapped in the same type are one sentence ("Global Commodity Trading" / "& Supply Chain Finance").
  const first: TDeckLine[] = [];
  for (const line of pages.find((p) => p.length > 0) ?? []) {
    const previous = first.at(-1);
    if (
      previous &&
      previous.fontSize === line.fontSize &&
      previous.text !== companyName &&
      line.text !== companyName &&
      !/[.!?:]$/.test(previous.text) &&
      (/^[\p{Ll}&(,]/u.test(line.text) || /[,&-]$/.test(previous.text))
    )
      first[first.length - 1] = { ...previous, text: `${previous.text} ${line.text}` };
    else first.push(line);
  }
  const candidates = first
    // "IRIS – Enterprise Security": the words after the name.
    .map((l) =>
      companyName && l.text.startsWith(`${companyName} `)
        ? { ...l, text: l.text.slice(companyName.length).replace(/^\s*[–—|:-]\s*/, '') }
        : l,
    )
    .map((l) => ({ ...l, text: l.text.replace(/[\p{Extended_Pictographic}\uFE0F]/gu, '').trim() }))
    .filter(
      (l) =>
        l.text !== companyName &&
        !/\?$/.test(l.text) &&
        l.text.split(' ').length >= 4 &&
        !NOT_A_DESCRIPTION.test(l.text) &&
        !/^\d+[.)]\s/.test(l.text) &&
        // OCR of a logo ("$33) ) ) oo") is not a sentence: most of a description is words.
        (l.text.match(/\p{L}{3,}/gu) ?? []).length >= 3 &&
        !isPlaceholderText(l.text),
    );
  if (candidates.length > 0)
    return { value: clean([...candidates].sort((a, b) => b.fontSize - a.fontSize)[0]!.text), score: 0.6 };
  // "VBot is a cutting-edge trading bot and integrated trading terminal ...": the company saying what it is, in
  // the first slides, in any of the deck languages.
  if (companyName && companyName.length >= 2) {
    const name = companyName.replace(/\s*\([^)]*\)$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const says = new RegExp(
      `(?:^|[.!?]\\s+|\\n)(${name}(?:\\s*\\([^)]{1,20}\\))?\\s+(?:is|are|ist|est|es|é|jest|helps?|lets?|enables?|provides?|offers?|turns?|connects?)\\s[^.!?\\n]{15,240})`,
      'iu',
    );
    for (const page of pages.slice(0, 6)) {
      const m = says.exec(proseOf(page));
      if (m && !NOT_A_DESCRIPTION.test(m[1]!)) return { value: clean(m[1]!), score: 0.6 };
    }
  }
  // The solution slide's first sentence ("Our Solution" / "Lösung" / "Solução" / "Solución" / "Rozwiązanie").
  for (const page of pages.slice(1, 6)) {
    const [heading, ...rest] = page;
    if (
      heading &&
      /^(?:\d+\.?\s*)?(?:our |the |la |a )?(?:solution|solutions|lösung|solução|solución|rozwiązanie|what is|what we do)\b/i.test(
        heading.text,
      )
    ) {
      const sentence = proseOf(rest)
        .split(/\n|(?<=[.!?])\s+/)
        .find((s) => s.split(' ').length >= 5 && !NOT_A_DESCRIPTION.test(s));
      if (sentence) return { value: clean(sentence), score: 0.5 };
    }
  }
  const weAre = /\b(?:[A-Z][\w&.-]*\s)?(?:is|are) (?:the|an?) ([^.\n]{15,200})[.\n]/.exec(text);
  return weAre ? { value: clean(weAre[0]), score: 0.4 } : null;
};

const findIndustry = (text: string, companyName: string | null): TCandidate | null => {
  if (companyName) text = text.split(companyName).join(' ');
  const explicit = /^(?:industry|sector|vertical)\s*[:\-–]\s*([A-Za-z&/ -]{3,40})$/im.exec(text);
  if (explicit) return { value: clean(explicit[1]!), score: 0.9 };
  const scored = scoreIndustries(text);
  return scored ? { value: scored.label, score: scored.confidence } : null;
};

/** Hosts named in the text: URLs, "www." hosts and bare domains with a known ending, with the page they are on. */
const hostsIn = (pages: string[]) => {
  const found: { host: string; url: string; page: number; line: string }[] = [];
  pages.forEach((pageText, page) => {
    for (const line of pageText.split('\n')) {
      const withoutEmails = line.replace(EMAIL, ' ');
      for (const m of withoutEmails.matchAll(
        /\b(?:https?:\/\/)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\.[a-z]{2})?(?:\/[^\s<>"')]*)?/gi,
      )) {
        const url = m[0].replace(/[.,;:!?)]+$/, '');
        const host = hostOf(url);
        if (!KNOWN_TLD.test(host) || /\.(pdf|png|jpe?g|html?|js|md|py)$/i.test(host)) continue;
        if (!/^https?:\/\//i.test(url) && !/^www\./i.test(url) && !/[a-z]/.test(host.split('.')[0]!))
          continue;
        found.push({ host, url, page, line });
      }
    }
  });
  return found;
};

/**
 * The website: the company's own email domain, or a host named in the deck that looks like the company's (its label
 * matches the name), stands on the title or contact slide, or follows "web:"/"www". Citations ("Source: ..."),
 * competitors' sites in running text, hosting and social links are not the company's site.
 */
const findWebsite = (
  pageTexts: string[],
  businessEmails: string[],
  companyName: string | null,
): TCandidate | null => {
  const candidates: TCandidate[] = [];
  const name = companyName ? squash(companyName) : '';
  const last = pageTexts.length - 1;
  for (const { host, url, page, line } of hostsIn(pageTexts)) {
    if (IGNORED_HOSTS.test(host) || isPlaceholderDomain(host)) continue;
    let score = 0.2;
    const label = squash(domainLabel(host));
    if (name && label.length >= 3 && (name.includes(label) || label.includes(name))) score += 0.5;
    // "centinela.aido.lat" for Centinela: the name is the host's first label on someone's shared domain.
    else if (name && name.length >= 4 && squash(host.split('.')[0]!) === name) score += 0.4;
    if (page === 0 || page === last) score += 0.2;
    if (/\b(web(site)?|site|www|visit|live|url|contact)\b/i.test(line)) score += 0.2;
    if (/^\s*(?:source|sources|ref|references?|\[\d+\]|○|\d+\.)\s/i.test(line) || /source:/i.test(line))
      score -= 0.5;
    if (businessEmails.some((e) => e.endsWith(`@${host}`))) score += 0.3;
    candidates.push({ value: /^https?:\/\//i.test(url) ? url.replace(/\/$/, '') : `https://${host}`, score });
  }
  for (const email of businessEmails) {
    const rawHost = email.split('@')[1]!;
    const host = rawHost.toLowerCase();
    if (isPlaceholderDomain(host) || IGNORED_HOSTS.test(host) || /\.(edu|ac|gov)(\.|$)/.test(host)) continue;
    const label = squash(domainLabel(host));
    const agrees = Boolean(name && label.length >= 3 && (name.includes(label) || label.includes(name)));
    // A mail host that is not the company's: a university or school ("student-cs.fr"), or a membership or
    // provider subdomain ("member.mensa.org"). (A person's mailbox at a domain that does not agree with the name
    // still counts: the sample decks and many real ones write the founder's address at a product domain.)
    const institutional =
      /(?:^|[.-])(?:student|students|alumni|member|members|univ|uni|school|college|edu)(?:[.-]|$)/i.test(
        host,
      );
    if (!agrees && institutional) continue;
    candidates.push({ value: `https://${host}`, score: 0.45 + (agrees ? 0.3 : 0) });
  }
  const chosen = best(candidates, 0.4);
  return chosen ? { value: chosen.value, score: Math.min(0.95, chosen.score) } : null;
};

/** "He is based in Portugal" says where a person lives, not where the company is. */
const ABOUT_A_PERSON = /\b(?:he|she|who|you|developer|designer|engineer|student|member)\b[^.]{0,20}$/i;

/** "Lagos" said where the company is becomes "Lagos, Nigeria" when the gazetteer knows the city. */
const withRegion = (value: string) => {
  const city = lookupCity(value);
  return city ? formatCity(city) : value;
};

const findLocation = (text: string, pageTexts: string[]): TCandidate | null => {
  const labelled = new RegExp(`^(?:${LOCATION_LABELS})\\s*[:\\-–]\\s*([^\\n]{2,60})$`, 'im').exec(text);
  if (labelled)
    return { value: withRegion(clean(labelled[1]!.split(/\s[|•·]\s|\s[-–]\s|\.\s/)[0]!)), score: 0.85 };
  for (const m of text.matchAll(
    /\b(?:[Bb]ased|[Hh]eadquartered|[Ll]ocated|[Rr]egistered) in\s+(?:the\s+)?([A-Z][\w'-]*(?:[ \t]+(?:of[ \t]+|&[ \t]+)?[A-Z][\w'-]*){0,3}(?:,[ \t]*[A-Z][\w'-]*(?:[ \t]+[A-Z][\w'-]*){0,2})?)/g,
  )) {
    if (ABOUT_A_PERSON.test(text.slice(Math.max(0, m.index - 30), m.index))) continue;
    const value = clean(m[1]!.split(/\s[|•·]\s|\s[-–]\s|\.\s/)[0]!);
    if (/^(?:people|world|cloud|market|future|us|our)\b/i.test(value)) continue;
    return { value: withRegion(value), score: 0.85 };
  }
  const cityRegion = findCityRegion(text);
  if (cityRegion) return { value: cityRegion, score: 0.6 };
  // A bare city (gazetteer) scores below every explicit form; the country the deck is about wins over a city
  // elsewhere, and is made precise by a city inside it.
  const country = dominantCountry(pageTexts);
  const bare = findBareCity(pageTexts);
  if (country)
    return bare && countryOf(bare.city) === country.country
      ? { value: formatCity(bare.city), score: 0.45 }
      : { value: country.country, score: 0.45 };
  if (!bare) return null;
  return {
    value: formatCity(bare.city),
    score: bare.reason === 'cue' ? 0.4 : bare.reason === 'contact' ? 0.35 : 0.3,
  };
};

const findFoundedYear = (text: string): number | null => {
  const m =
    new RegExp(
      `(?<![\\p{L}])(?:${FOUNDED_WORDS})\\s*(?:in|en|em|im|w)?\\s*[:\\-–]?\\s*((?:19|20)\\d{2})\\b`,
      'iu',
    ).exec(text) ?? /^\s*since\s+((?:19|20)\d{2})\s*(?:[-–,|]|$)/im.exec(text);
  return m ? Number(m[1]) : null;
};

const ASK = new RegExp(`(?<![\\p{L}])(?:${ASK_WORDS.join('|')})[^\\n]{0,80}(?:\\n[^\\n]{0,40}){0,2}`, 'giu');

const findFunding = (text: string): { round: string | null; amount: string | null } => {
  const asks = [...text.matchAll(ASK)].map((m) => m[0]);
  const sentence =
    asks.find((a) => AMOUNT.test(a)) ??
    new RegExp(`${AMOUNT_SOURCE}\\s*(?:target|raise|round)\\b`, 'iu').exec(text)?.[0] ??
    new RegExp(
      `${AMOUNT_SOURCE}[^\\n]{0,30}\\b(?:pre[- ]?seed|seed|series\\s*[a-d]|angel|bridge|round)\\b[^\\n]*|\\b(?:pre[- ]?seed|seed|series\\s*[a-d]|angel|bridge)\\s*(?:round)?[^\\n]{0,30}(?:·|-|–|:|target)\\s*${AMOUNT_SOURCE}`,
      'iu',
    ).exec(text)?.[0] ??
    asks[0] ??
    null;
  const amountRaw = (sentence && AMOUNT.exec(sentence)?.[0]) ?? null;
  let round: string | null = null;
  for (const [label, re] of ROUNDS)
    if (sentence && re.test(sentence)) {
      round = label;
      break;
    }
  // Elsewhere in the deck a stage counts only when written as a round ("Seed round", "Round: Seed", "Pre-Seed",
  // "Series A"), not as a word ("seed the supply side"); a grant, bridge or SAFE named in passing is history.
  if (!round)
    for (const [label, re] of ROUNDS) {
      if (label === 'Grant' || label === 'Bridge' || label === 'SAFE') continue;
      const stage = re.source;
      const asRound = new RegExp(
        `(?:${stage})\\s*(?:round|stage|funding|investment|financing)|(?:round|raising|stage)\\s*[:\\-–]?\\s*(?:${stage})`,
        'i',
      );
      if (asRound.test(text) || (label !== 'Seed' && re.test(text))) {
        round = label;
        break;
      }
    }
  return { round, amount: amountRaw ? formatAmount(amountRaw) : null };
};

/**
 * A line that states a plan, a market or someone else's figure, not the company's own metric: "Target: $1M ARR",
 * "TAM $48B", "150K users by 2027", "Year 1-3: 150K users", "Buildspace: 30K users", "30M users → KES 900M".
 */
const NOT_A_METRIC =
  /\b(?:targets?|goals?|aim(?:ing)?|projected|projections?|forecast\w*|expected|potential|plan(?:ned)?|estimated?|could|will|would|tam|sam|som|market|industry|valuation|worldwide|globally|by\s+(?:19|20)\d{2}|(?:y|year)\s*[1-5]\b|\d{4}e\b|ready)\b|→|->|[x×]\s*\d|\bvs\.?\b/i;

/** A slide about the company's own numbers ("Traction", "Metrics", "Where we are", "Kennzahlen", "Tração"). */
const TRACTION_HEADING =
  /^(?:\d+[.)]?\s*)?(?:traction|metrics|key metrics|numbers|in numbers|by the numbers|kpis?|results|milestones|progress|growth|where we are|our numbers|track record|financials|zugkraft|kennzahlen|traktion|tração|tracción|métricas|trakcja|wyniki)\b/i;

const findMetrics = (pages: string[]): Record<string, string> => {
  const metrics: Record<string, string> = {};
  // Only figures the company states as its own: on a traction slide, or in a line that says "we"/"our"/"to date".
  const lines = pages
    .flatMap((page) => {
      const all = page.split('\n');
      // A traction slide, or a slide that is one figure and its label ("1.5M" / "Users" / "Users: 1.5M").
      return TRACTION_HEADING.test(all[0]?.trim() ?? '') || all.length <= 3
        ? all
        : all.filter((line) =>
            /\b(?:we|our|us|to date|so far|currently|today|already|since launch)\b|:/i.test(line),
          );
    })
    .filter((line) => !NOT_A_METRIC.test(line));
  for (const [key, patterns] of METRICS) {
    for (const line of lines) {
      const m = patterns.map((re) => re.exec(line)).find((match) => match?.[1] && /\d/.test(match[1]));
      if (m) {
        metrics[key] = compactMetric(m[1]!);
        break;
      }
    }
  }
  return metrics;
};

const phoneIn = (text: string, internationalOnly: boolean) =>
  [
    ...text
      .replace(EMAIL, ' ')
      .replace(/\b(19|20)\d{2}\b/g, ' ')
      .matchAll(new RegExp(PHONE.source, 'g')),
  ]
    .map((m) => m[0])
    .find((p) => p.replace(/\D/g, '').length >= 7 && (!internationalOnly || p.startsWith('+')));

const findContact = (
  pages: TDeckLine[][],
  lines: string[],
  text: string,
  emails: string[],
  sender: { name: string | null; email: string },
  companyName: string | null,
  emailText = '',
): TExtractedData['contactInfo'] => {
  let name: string | null = null;
  let position: string | null = null;
  const isPersonName = (s: string) =>
    /^\p{Lu}[\p{L}'’-]+(?:\s+(?:(?:de|da|di|du|van|von|der|den|le|la|bin|al)\s+)?\p{Lu}[\p{L}'’-]+){1,2}$/u.test(
      s,
    ) &&
    !POSITION_WORDS.test(s) &&
    !SLIDE_TITLE.test(s) &&
    !/\b(?:project|group|labs?|inc|ltd|llc|gmbh|foundation|network|app|ai|capital|ventures|studio|solutions|systems|technologies|university|institute|school)\b/i.test(
      s,
    ) &&
    !(companyName && s.toLowerCase().includes(companyName.toLowerCase()));
  const nameThenRole = new RegExp(
    `(?:^|[?:.]\\s+|presented by\\s*[:|]?\\s*)${NAME}\\s*(?:[,|–—(-]|\\s)\\s*(?:the\\s+)?${POSITIONS.source}`,
    'i',
  );
  const roleThenName = new RegExp(`^${POSITIONS.source}\\s*[:,|–—-]\\s*${NAME}`, 'i');
  for (const rawLine of lines) {
    const line = rawLine.replace(/^(?:contact|team|contact person)\s*[:\-–]\s*/i, '');
    const a = nameThenRole.exec(line);
    // "DooCoins Jacob Kemsley Co-founder": the company's name before the person's is not part of it.
    if (a && companyName && a[1]!.startsWith(`${companyName} `)) a[1] = a[1]!.slice(companyName.length + 1);
    if (a && isPersonName(clean(a[1]!))) {
      name = clean(a[1]!);
      position = clean(a[2]!);
      break;
    }
    const b = roleThenName.exec(line);
    if (b && isPersonName(clean(b[2]!))) {
      position = clean(b[1]!);
      name = clean(b[2]!);
      break;
    }
  }
  const presenter = /presented by\s*[:|]?\s*\|?\s*(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2})/iu.exec(
    text,
  );
  if (!name && presenter && isPersonName(clean(presenter[1]!))) name = clean(presenter[1]!);
  // A team slide: a name on one line and the role on the next ("Sebastian Gonzalez" / "CEO/Co-founder").
  if (!name) {
    // "CEO/Co-founder", "Founder, Modern Druid Project", "CEO @ Acme".
    const roleLine = new RegExp(
      `^(?:${POSITIONS.source})(?:\\s*[/&,]\\s*(?:${POSITIONS.source}))*(?:\\s*(?:,|@|at|–|-|\\|)\\s*[^,]{2,40})?$`,
      'iu',
    );
    const pairs: { name: string; position: string; rank: number }[] = [];
    for (const page of pages)
      for (let i = 0; i + 1 < page.length; i++) {
        const n = clean(page[i]!.text);
        const r = clean(page[i + 1]!.text);
        if (isPersonName(n) && roleLine.test(r))
          pairs.push({
            name: n,
            // "Founder, Modern Druid Project": the role without the company after it.
            position: r.replace(/(?:\s*[,@|]\s*|\s+(?:at|–|-)\s+)[^,]{2,40}$/iu, '') || r,
            rank: /ceo|chief executive/i.test(r) ? 0 : /founder/i.test(r) ? 1 : 2,
          });
      }
    const top = pairs.sort((x, y) => x.rank - y.rank)[0];
    if (top) {
      name = top.name;
      position = top.position;
    }
  }
  const senderUsable = sender.email && !isPlaceholderEmail(sender.email);
  const senderIsFounder = senderUsable && (!FREE_MAIL.test(sender.email) || emails.length === 0);
  const email = emails[0] ?? (senderIsFounder ? sender.email : null) ?? null;
  const phone =
    /(?:phone|tel|mobile|call|contact)[ \t]*[:\-–]?[ \t]*([+()\d][\d \t().-]{6,}\d)/i.exec(text)?.[1] ??
    // An unlabelled number is a phone when written internationally (+254 ...) or on the closing slides; in the
    // middle of a deck "800 900 1000" is a figure.
    phoneIn([...pages.slice(-2).map((p) => p.map((l) => l.text).join('\n')), emailText].join('\n'), false) ??
    phoneIn(text, true) ??
    null;
  return {
    name: name ?? (senderUsable ? sender.name : null) ?? null,
    email,
    // A template's number ("555-123-4567", "+1 555 555 5555") is not the founder's.
    phone: phone && !/1234567|5555555|0000000/.test(phone.replace(/\D/g, '')) ? clean(phone) : null,
    position: position ? position.replace(/\b(ceo|cto|coo|cfo|cmo)\b/gi, (s) => s.toUpperCase()) : null,
  };
};

/**
 * The offline extractor: candidates for each field from every source (title slide, repeated names, footers, contact
 * slide, email sender and forwarded block, website and email domains), scored with general rules; the best candidate
 * wins and its score is the field's confidence. It never follows instructions found in the text; it only matches.
 */
export function createHeuristicExtractor(): TExtractor {
  return {
    name: 'heuristic',
    async extract(input) {
      const result = emptyExtractedData();
      const pages = (input.deck?.pages ?? []).map((page) =>
        page.map((line) => ({ ...line, text: normalizeLine(line.text) })).filter((line) => line.text),
      );
      const pageTexts = pages.map((p) => p.map((l) => l.text).join('\n'));
      const deckText = pageTexts.join('\n\n');
      const text = `${deckText}\n\n${input.emailText}`;
      const lines = text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      // A forwarded email speaks for its original sender, not for whoever forwarded it.
      const forwarded = originalSender(input.emailText);
      const sender = forwarded ?? { name: input.fromName, email: input.fromEmail };
      const emails = [...new Set(text.match(EMAIL) ?? [])].filter(
        (e) => !/noreply|no-reply/i.test(e) && !isPlaceholderEmail(e) && e !== input.fromEmail.toLowerCase(),
      );
      if (forwarded) emails.sort((a, b) => Number(b === forwarded.email) - Number(a === forwarded.email));
      const businessEmails = [
        ...emails,
        ...(sender.email && !isPlaceholderEmail(sender.email) ? [sender.email] : []),
      ]
        .filter((e) => !FREE_MAIL.test(e))
        .map((e) => e.toLowerCase());
      const confidence: Partial<Record<TExtractedField, number>> = {};
      const set = <K extends 'companyName' | 'description' | 'industry' | 'website' | 'location'>(
        field: K,
        candidate: TCandidate | null,
      ) => {
        result[field] = candidate?.value ?? null;
        if (candidate) confidence[field] = Math.max(0.05, Math.min(0.95, candidate.score));
      };
      const ownDomains = [...new Set(businessEmails.map((e) => e.split('@')[1]!))].filter(
        (d) => !/\.(edu|ac|gov)(\.|$)/.test(d),
      );
      const firstHost = hostsIn(pageTexts).find(
        (h) => !IGNORED_HOSTS.test(h.host) && (h.page === 0 || h.page === pageTexts.length - 1),
      );
      set(
        'companyName',
        findCompanyName(pages, deckText || input.emailText, input.subject, [
          ...ownDomains,
          ...(firstHost ? [firstHost.host] : []),
        ]),
      );
      set('description', findDescription(pages, deckText || input.emailText, result.companyName));
      set('industry', findIndustry(deckText || input.emailText, result.companyName));
      set('website', findWebsite([...pageTexts, input.emailText], businessEmails, result.companyName));
      set('location', findLocation(text, pageTexts));
      result.foundedYear = findFoundedYear(text);
      const funding = findFunding(deckText || text);
      result.fundingRound = funding.round;
      result.fundingAmount = funding.amount;
      result.metrics = findMetrics(deckText ? pageTexts : [text]);
      result.contactInfo = findContact(
        pages,
        lines,
        text,
        emails,
        sender,
        result.companyName,
        input.emailText,
      );
      // A template's placeholder is not a fact about the company: null lets the screen ask instead.
      if (result.companyName && isPlaceholderText(result.companyName)) result.companyName = null;
      if (result.description && isPlaceholderText(result.description)) result.description = null;
      if (result.contactInfo.name && isPlaceholderText(result.contactInfo.name))
        result.contactInfo.name = null;
      if (result.website && isPlaceholderDomain(hostOf(result.website))) result.website = null;
      return {
        data: result,
        provenance: locateEvidence(
          result,
          { ...input, deck: input.deck && { ...input.deck, pages } },
          confidence,
        ),
      };
    },
  };
}
