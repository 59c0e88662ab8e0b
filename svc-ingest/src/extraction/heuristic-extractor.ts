import type { TExtractedData } from '@dealflow/contracts';
import type { TDeckLine } from '../deck/deck-text.js';
import { emptyExtractedData, type TExtractionInput, type TExtractor } from './extractor.js';
import { isPlaceholderDomain, isPlaceholderEmail, isPlaceholderText } from './placeholders.js';

/** Industry labels and the words that point to them; the label with most hits wins. */
const INDUSTRIES: [string, RegExp][] = [
  [
    'Fintech',
    /\b(fintech|payments?|banking|neobank|lending|credit|wealth|invoices?|invoicing|accounting|treasury)\b/gi,
  ],
  ['Insurtech', /\b(insurtech|insurance|underwriting|claims)\b/gi],
  [
    'Healthtech',
    /\b(health ?tech|healthcare|health|patients?|clinics?|clinical|medical|hospitals?|telehealth|doctors?)\b/gi,
  ],
  ['Biotech', /\b(biotech|biology|drug discovery|therapeutics|genomics|protein)\b/gi],
  ['Edtech', /\b(edtech|education|students?|learning|teachers?|schools?|tutoring|courses?)\b/gi],
  [
    'Climate tech',
    /\b(climate|carbon|emissions?|decarboni[sz]\w*|sustainab\w+|renewables?|solar|net[- ]zero)\b/gi,
  ],
  [
    'Cybersecurity',
    /\b(cyber ?security|security|threats?|breach(es)?|zero[- ]trust|phishing|vulnerabilit\w+)\b/gi,
  ],
  ['E-commerce', /\b(e-?commerce|online stores?|shoppers?|merchants?|retail(ers)?|checkout|d2c|dtc)\b/gi],
  ['Logistics', /\b(logistics|shipping|freight|supply chain|warehous\w+|deliver(y|ies)|fleet)\b/gi],
  ['Real estate', /\b(proptech|real estate|property|properties|landlords?|tenants?|rentals?|mortgages?)\b/gi],
  ['Food & agriculture', /\b(agtech|agri\w*|farm(s|ers|ing)?|crops?|food|restaurants?|grocer(y|ies))\b/gi],
  ['Mobility', /\b(mobility|electric vehicles?|evs?|charging|ride[- ]?sharing|scooters?|automotive)\b/gi],
  ['Gaming', /\b(gaming|games?|gamers?|esports)\b/gi],
  ['HR tech', /\b(hr ?tech|hiring|recruit\w*|payroll|employees?|talent|workforce)\b/gi],
  ['Legal tech', /\b(legal ?tech|legal|lawyers?|law firms?|contracts?|compliance)\b/gi],
  ['Marketing tech', /\b(martech|marketing|advertis\w+|campaigns?|brands?|influencers?)\b/gi],
  ['Developer tools', /\b(developers?|devops|apis?|sdks?|open[- ]source|code|ci\/cd)\b/gi],
  ['Artificial intelligence', /\b(ai|artificial intelligence|machine learning|llms?|generative)\b/gi],
  ['Media', /\b(media|creators?|video|podcasts?|streaming|music)\b/gi],
];

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

const POSITIONS =
  /\b(co-?founder\s*(?:&|and)\s*(?:ceo|cto|coo|cfo)|founder\s*(?:&|and)\s*(?:ceo|cto)|(?:ceo|cto|coo|cfo)\s*(?:&|and)\s*co-?founder|chief executive officer|chief technology officer|co-?founder|founder|ceo|cto|coo|cfo|managing director|president)\b/i;
const NAME = "([A-Z][a-zA-Z'’-]+(?:\\s+[A-Z][a-zA-Z'’-]+){1,2})";
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,6}\b|\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}\b/;
const FREE_MAIL =
  /@(gmail|googlemail|yahoo|hotmail|outlook|live|icloud|me|aol|proton(mail)?|gmx|mail|yandex)\./i;
const LINK_HOSTS =
  /(docsend\.com|google\.com|dropbox\.com|pitch\.com|linkedin\.com|twitter\.com|x\.com|calendly\.com|youtube\.com)$/i;

const clean = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s:–—-]+|[\s.,;:–—-]+$/g, '')
    .trim();

const formatAmount = (raw: string): string => {
  const m = /\$?\s*([\d.,]+)\s*(million|mm|m|billion|bn|b|thousand|k)?/i.exec(raw);
  if (!m) return clean(raw);
  const unitWord = (m[2] ?? '').toLowerCase();
  const unit = unitWord.startsWith('m')
    ? 'M'
    : unitWord.startsWith('b')
      ? 'B'
      : unitWord.startsWith('t') || unitWord === 'k'
        ? 'K'
        : '';
  let number = m[1]!.replace(/,$/, '');
  if (!unit && /^\d{1,3}(,\d{3})+$/.test(number)) {
    const n = Number(number.replace(/,/g, ''));
    if (n >= 1_000_000) return `$${+(n / 1_000_000).toFixed(2)}M`;
    if (n >= 1_000) return `$${+(n / 1_000).toFixed(2)}K`;
    number = String(n);
  }
  return `$${number}${unit}`;
};

const compactMetric = (raw: string) =>
  clean(raw)
    .replace(/\s+(?=[kmb%]\b)/gi, '')
    .replace(/(\d)([kmb])\b/gi, (_, d: string, u: string) => `${d}${u.toUpperCase()}`)
    .replace(/\$\s+/, '$');

/** The title slide's name: the largest short line on the first page, unless the deck states it outright. */
const findCompanyName = (pages: TDeckLine[][], text: string, subject: string | null): string | null => {
  const explicit = /^(?:company(?: name)?|startup)\s*[:\-–]\s*(.+)$/im.exec(text);
  if (explicit) return clean(explicit[1]!);
  const first = (pages.find((p) => p.length > 0) ?? []).filter(
    (l) =>
      l.text.length <= 40 &&
      l.text.split(' ').length <= 5 &&
      !/confidential|pitch deck|investor (deck|presentation)|^\d+$/i.test(l.text),
  );
  if (first.length > 0) {
    const biggest = [...first].sort((a, b) => b.fontSize - a.fontSize)[0]!;
    const sizes = new Set(first.map((l) => l.fontSize));
    if (sizes.size > 1 || first.length <= 3) return clean(biggest.text);
  }
  const fromSubject =
    subject &&
    /(?:deck|pitch)\s*[:\-–]\s*(.+)$|^(.+?)\s*[:\-–|]\s*(?:pitch|investor|seed|series|deck)/i.exec(subject);
  if (fromSubject) return clean((fromSubject[1] ?? fromSubject[2])!.replace(/^(re|fwd?):\s*/i, ''));
  return null;
};

const findDescription = (pages: TDeckLine[][], text: string, companyName: string | null): string | null => {
  const explicit =
    /^(?:tagline|one[- ]liner|what we do|description|about(?: us)?)\s*[:\-–]\s*(.{15,300})$/im.exec(text);
  if (explicit) return clean(explicit[1]!);
  const first = pages.find((p) => p.length > 0) ?? [];
  const candidates = first.filter(
    (l) =>
      l.text !== companyName &&
      l.text.split(' ').length >= 4 &&
      !/confidential|@|https?:|\b(19|20)\d{2}\b/i.test(l.text),
  );
  if (candidates.length > 0) return clean([...candidates].sort((a, b) => b.fontSize - a.fontSize)[0]!.text);
  const weAre = /\b(?:[A-Z][\w&.-]*\s)?(?:is|are) (?:the|an?) ([^.\n]{15,200})[.\n]/.exec(text);
  return weAre ? clean(weAre[0]) : null;
};

const findIndustry = (text: string, companyName: string | null): string | null => {
  if (companyName) text = text.split(companyName).join(' ');
  const explicit = /^(?:industry|sector|vertical|market)\s*[:\-–]\s*([A-Za-z&/ -]{3,40})$/im.exec(text);
  if (explicit) return clean(explicit[1]!);
  let best: [string, number] | null = null;
  for (const [label, re] of INDUSTRIES) {
    const hits = text.match(re)?.length ?? 0;
    if (hits > 0 && (!best || hits > best[1])) best = [label, hits];
  }
  return best?.[0] ?? null;
};

const findWebsite = (text: string, emails: string[]): string | null => {
  const urls = [
    ...(text.match(/https?:\/\/[^\s<>"')]+/gi) ?? []),
    ...(text.match(/\bwww\.[a-z0-9-]+(\.[a-z0-9-]+)+/gi) ?? []),
    ...(text.match(/(?:website|web|site|url)\s*[:\-–]\s*([a-z0-9-]+(\.[a-z0-9-]+)+)/gi) ?? []).map((m) =>
      m.replace(/^.*?[:\-–]\s*/, ''),
    ),
  ];
  for (const raw of urls) {
    const url = raw.replace(/[.,;:!?]+$/, '');
    const host = url
      .replace(/^https?:\/\//i, '')
      .replace(/\/.*$/, '')
      .toLowerCase();
    if (LINK_HOSTS.test(host)) continue;
    return /^https?:\/\//i.test(url) ? url : `https://${url}`;
  }
  const business = emails.find((e) => !FREE_MAIL.test(e));
  return business ? `https://${business.split('@')[1]!.toLowerCase()}` : null;
};

const findLocation = (text: string): string | null => {
  const m =
    /^(?:hq|headquarters|location|based in|offices?)\s*[:\-–]\s*([^\n]{2,60})$/im.exec(text) ??
    /\b(?:[Bb]ased|[Hh]eadquartered|[Ll]ocated) in\s+([A-Z][\w .'-]*(?:,\s*[A-Z][\w .'-]*)?)/.exec(text);
  return m ? clean(m[1]!.split(/\s[|•·]\s/)[0]!) : null;
};

const findFoundedYear = (text: string): number | null => {
  const m =
    /\b(?:founded|established|est\.?|since|incorporated|started)\s*(?:in\s*)?[:\-–]?\s*((?:19|20)\d{2})\b/i.exec(
      text,
    );
  return m ? Number(m[1]) : null;
};

const findFunding = (text: string): { round: string | null; amount: string | null } => {
  const sentence =
    /\b(?:raising|raise|seeking|ask|the ask|funding ask|round size|we are raising|currently raising)\b[^\n]{0,80}/i.exec(
      text,
    )?.[0] ??
    /\$\s?[\d.,]+\s*(?:million|mm|m|k|b)?\b[^\n]{0,30}\b(?:pre[- ]?seed|seed|series\s*[a-d]|round)\b[^\n]*/i.exec(
      text,
    )?.[0] ??
    null;
  const amountRaw =
    (sentence && /\$\s?[\d.,]+\s*(?:million|mm|m|billion|bn|k|thousand)?\b/i.exec(sentence)?.[0]) ??
    /\b(?:round|raising|raise|ask)\b[^\n$]{0,30}(\$\s?[\d.,]+\s*(?:million|mm|m|k)?\b)/i.exec(text)?.[1] ??
    null;
  let round: string | null = null;
  for (const source of [sentence, text]) {
    if (!source || round) continue;
    for (const [label, re] of ROUNDS) {
      if (re.test(source)) {
        round = label;
        break;
      }
    }
  }
  return { round, amount: amountRaw ? formatAmount(amountRaw) : null };
};

const findMetrics = (text: string): Record<string, string> => {
  const metrics: Record<string, string> = {};
  for (const [key, patterns] of METRICS) {
    for (const re of patterns) {
      const m = re.exec(text);
      if (m?.[1]) {
        metrics[key] = compactMetric(m[1]);
        break;
      }
    }
  }
  return metrics;
};

const findContact = (
  lines: string[],
  text: string,
  emails: string[],
  input: TExtractionInput,
): TExtractedData['contactInfo'] => {
  let name: string | null = null;
  let position: string | null = null;
  const nameThenRole = new RegExp(`^${NAME}\\s*(?:[,|–—-]|\\s)\\s*(?:the\\s+)?${POSITIONS.source}`, 'i');
  const roleThenName = new RegExp(`^${POSITIONS.source}\\s*[:,|–—-]\\s*${NAME}`, 'i');
  for (const rawLine of lines) {
    const line = rawLine.replace(/^(?:contact|team|contact person)\s*[:\-–]\s*/i, '');
    const a = nameThenRole.exec(line);
    if (a && /^[A-Z]/.test(a[1]!)) {
      name = clean(a[1]!);
      position = clean(a[2]!);
      break;
    }
    const b = roleThenName.exec(line);
    if (b) {
      position = clean(b[1]!);
      name = clean(b[2]!);
      break;
    }
  }
  const senderIsFounder = !FREE_MAIL.test(input.fromEmail) || emails.length === 0;
  const email = emails[0] ?? (input.fromEmail && senderIsFounder ? input.fromEmail : null) ?? null;
  const phone =
    /(?:phone|tel|mobile|call)[ \t]*[:\-–]?[ \t]*([+()\d][\d \t().-]{6,}\d)/i.exec(text)?.[1] ??
    PHONE.exec(text.replace(EMAIL, ' ').replace(/\b(19|20)\d{2}\b/g, ' '))?.[0] ??
    null;
  return {
    name: name ?? input.fromName ?? null,
    email,
    phone: phone ? clean(phone) : null,
    position: position ? position.replace(/\b(ceo|cto|coo|cfo)\b/gi, (s) => s.toUpperCase()) : null,
  };
};

/**
 * The offline extractor: layout and pattern rules over the deck's text (the email body counts too, after the deck).
 * It never follows instructions found in the text; it only matches patterns.
 */
export function createHeuristicExtractor(): TExtractor {
  return {
    name: 'heuristic',
    async extract(input) {
      const result = emptyExtractedData();
      const pages = input.deck?.pages ?? [];
      const deckText = pages.map((p) => p.map((l) => l.text).join('\n')).join('\n\n');
      const text = `${deckText}\n\n${input.emailText}`;
      const lines = text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const emails = [...new Set(text.match(EMAIL) ?? [])].filter(
        (e) => !/noreply|no-reply/i.test(e) && !isPlaceholderEmail(e),
      );
      result.companyName = findCompanyName(pages, deckText || input.emailText, input.subject);
      result.description = findDescription(pages, deckText || input.emailText, result.companyName);
      result.industry = findIndustry(deckText || input.emailText, result.companyName);
      result.website = findWebsite(text, emails);
      result.location = findLocation(text);
      result.foundedYear = findFoundedYear(text);
      const funding = findFunding(deckText || text);
      result.fundingRound = funding.round;
      result.fundingAmount = funding.amount;
      result.metrics = findMetrics(deckText || text);
      result.contactInfo = findContact(lines, text, emails, input);
      // A template's placeholder is not a fact about the company: null lets the screen ask instead.
      if (result.companyName && isPlaceholderText(result.companyName)) result.companyName = null;
      if (result.description && isPlaceholderText(result.description)) result.description = null;
      if (result.website && isPlaceholderDomain(result.website.replace(/^https?:\/\//i, '').split('/')[0]!))
        result.website = null;
      return result;
    },
  };
}
