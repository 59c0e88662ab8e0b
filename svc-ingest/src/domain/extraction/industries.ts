/**
 * About fifty industries, each with the words that point to it. Each hit counts its weight; the label with the
 * highest score wins. Generic words (AI, platform, app) weigh little so that the domain a deck serves wins over the
 * technology it uses, and words that belong to several industries ("contract") are left out.
 */
export const INDUSTRIES: [label: string, words: RegExp, weight: number][] = [
  [
    'Crypto & Web3',
    /\b(crypto\w*|blockchain|web3|defi|nfts?|tokeni[sz]\w*|tokens?|on-?chain|smart contracts?|ethereum|bitcoin|solana|hedera|stablecoins?|dao|dapps?|wallets?|layer ?2|ico)\b/gi,
    1.2,
  ],
  [
    'Fintech',
    /\b(fintech|payments?|banking|banks?|neobank|lending|loans?|credit|wealth|invoices?|invoicing|accounting|treasury|savings?|remittances?|financ\w+|trade finance|portfolio)\b/gi,
    1,
  ],
  [
    'Insurtech',
    /\b(insurtech|insurance|insurers?|underwriting|claims|policy ?holders?|premiums?|parametric)\b/gi,
    1.3,
  ],
  [
    'Healthtech',
    /\b(health ?tech|healthcare|patients?|clinics?|clinical|medical|hospitals?|telehealth|doctors?|blood|maternal|diagnos\w+)\b/gi,
    1,
  ],
  [
    'Mental health',
    /\b(mental health|emotional wellbeing|wellbeing|well-being|therapy|therapists?|anxiety|depression|mindfulness)\b/gi,
    1.2,
  ],
  ['Biotech', /\b(biotech|biology|drug discovery|therapeutics|genomics|protein|molecules?)\b/gi, 1],
  ['Medtech', /\b(medtech|medical devices?|wearables?|implants?)\b/gi, 1],
  [
    'Edtech',
    /\b(edtech|education|students?|learning|learners?|teachers?|schools?|tutoring|courses?|universit(y|ies)|classrooms?)\b/gi,
    1,
  ],
  ['Climate tech', /\b(climate|carbon|emissions?|decarboni[sz]\w*|sustainab\w+|net[- ]zero)\b/gi, 1],
  ['Energy', /\b(energy|solar|renewables?|batter(y|ies)|grid|electricity|power plants?|wind farms?)\b/gi, 1],
  [
    'Recycling & waste',
    /\b(recycl\w+|upcycl\w+|waste|plastics?|circular economy|landfills?|garbage)\b/gi,
    1.3,
  ],
  ['Water', /\b(water (?:treatment|supply|utilities)|irrigation|desalination)\b/gi, 1],
  [
    'Cybersecurity',
    /\b(cyber ?security|security teams?|threats?|breach(es)?|zero[- ]trust|phishing|vulnerabilit\w+|malware)\b/gi,
    1,
  ],
  ['E-commerce', /\b(e-?commerce|online stores?|shoppers?|merchants?|checkout|d2c|dtc)\b/gi, 1],
  ['Retail', /\b(retail(ers)?|stores?|shops?|brick and mortar)\b/gi, 0.6],
  ['Marketplace', /\b(marketplaces?|two-sided|buyers and sellers|service providers?|listings?)\b/gi, 1],
  [
    'Logistics',
    /\b(logistics|shipping|freight|supply chains?|warehous\w+|deliver(y|ies)|fleet|last[- ]mile|commodit(y|ies)|trade corridors?)\b/gi,
    1,
  ],
  [
    'Real estate',
    /\b(proptech|real estate|property|properties|landlords?|tenants?|rentals?|mortgages?)\b/gi,
    1,
  ],
  ['Construction', /\b(construction|contractors|building sites?|architects?)\b/gi, 1],
  [
    'Food & agriculture',
    /\b(agtech|agri\w*|farm(s|ers|ing)?|crops?|fertili[sz]\w+|soil|livestock|coffee growers?)\b/gi,
    1,
  ],
  [
    'Food & beverage',
    /\b(food|meals?|restaurants?|grocer(y|ies)|recipes?|beverages?|drinks?|coffee|tea|matcha|cuisine|homely|dining|kitchens?)\b/gi,
    1,
  ],
  [
    'Travel',
    /\b(travel\w*|tourism|tourists?|trips?|itinerar(y|ies)|flights?|destinations?|inbound visitors?|sightseeing|guides?)\b/gi,
    1,
  ],
  [
    'Hospitality',
    /\b(hospitality|hotels?|hostels?|bars?|nightlife|pubs?|bookings?|accommodation|resorts?)\b/gi,
    1,
  ],
  ['Mobility', /\b(mobility|electric vehicles?|evs?|charging|ride[- ]?sharing|scooters?|commut\w+)\b/gi, 1],
  ['Automotive', /\b(automotive|cars?|vehicles?|dealerships?)\b/gi, 0.7],
  ['Aerospace', /\b(aerospace|satellites?|space ?craft|rockets?|orbit\w*|drones?)\b/gi, 1],
  ['Gaming', /\b(gaming|games?|gamers?|esports|trading card|monsters?)\b/gi, 1],
  ['HR tech', /\b(hr ?tech|hiring|recruit\w*|payroll|employees?|talent|workforce|job seekers?)\b/gi, 1],
  ['Legal tech', /\b(legal ?tech|legal|lawyers?|law firms?|attorneys?|litigation|yurist\w*|court)\b/gi, 1],
  ['Marketing tech', /\b(martech|marketing|advertis\w+|campaigns?|influencers?|seo)\b/gi, 0.8],
  ['Developer tools', /\b(developers?|devops|apis?|sdks?|open[- ]source|ci\/cd|code review)\b/gi, 0.6],
  ['Artificial intelligence', /\b(ai|artificial intelligence|machine learning|llms?|generative)\b/gi, 0.3],
  ['Data & analytics', /\b(analytics|dashboards?|business intelligence|data platform)\b/gi, 0.6],
  [
    'Cloud infrastructure',
    /\b(cloud infrastructure|hosting|kubernetes|data ?cent(er|re)s?|serverless)\b/gi,
    0.7,
  ],
  ['Media', /\b(media|creators?|video|podcasts?|streaming|news|publishers?)\b/gi, 1],
  ['Entertainment', /\b(entertainment|movies?|films?|cinema\w*|cinephiles?|concerts?|tickets?)\b/gi, 1],
  ['Music', /\b(music|musicians?|artists?|songs?|labels?)\b/gi, 0.8],
  ['Sports', /\b(sports?|athletes?|football|soccer|fitness clubs?|fishing|anglers?)\b/gi, 1],
  ['Fitness & wellness', /\b(fitness|gyms?|workouts?|yoga|wellness)\b/gi, 1],
  ['Social', /\b(social network\w*|communit(y|ies)|friends|social media)\b/gi, 0.7],
  ['Dating', /\b(dating|matchmaking|singles)\b/gi, 1],
  ['Parenting', /\b(parents?|parenting|kids|children|child|famil(y|ies)|chores)\b/gi, 0.8],
  ['Fashion', /\b(fashion|apparel|clothing|garments?|wardrobe)\b/gi, 1],
  ['Beauty', /\b(beauty|cosmetics?|skincare|salons?)\b/gi, 1],
  ['Pet care', /\b(pets?|dogs?|cats?|veterinar\w+)\b/gi, 1],
  [
    'Home services',
    /\b(home services?|homeowners?|plumb\w+|septic|cleaning services?|handyman|repairs?)\b/gi,
    1,
  ],
  ['Manufacturing', /\b(manufactur\w+|factor(y|ies)|industrial|production lines?)\b/gi, 0.8],
  ['Robotics', /\b(robots?|robotics|automation)\b/gi, 0.8],
  ['Hardware & IoT', /\b(hardware|iot|sensors?|devices?|embedded)\b/gi, 0.6],
  ['Telecom', /\b(telecom\w*|mobile networks?|5g|connectivity|sms|ussd)\b/gi, 0.8],
  ['Govtech', /\b(govtech|government|public sector|citizens?|municipal\w*|civic)\b/gi, 0.8],
  [
    'Venture capital',
    /\b(venture capital|investors?|fund managers?|limited partners|accredited investors?)\b/gi,
    0.7,
  ],
  ['Nonprofit & impact', /\b(nonprofits?|ngos?|charit(y|ies)|donations?|impact investing)\b/gi, 0.8],
];

/** The best-scoring industry of a text and a confidence (its share of all scores), or null without any hit. */
export function scoreIndustries(text: string): { label: string; confidence: number; score: number } | null {
  let best: { label: string; score: number } | null = null;
  let total = 0;
  for (const [label, words, weight] of INDUSTRIES) {
    const score = (text.match(words)?.length ?? 0) * weight;
    total += score;
    if (score > 0 && (!best || score > best.score)) best = { label, score };
  }
  if (!best) return null;
  return { ...best, confidence: Math.min(0.9, 0.3 + (best.score / total) * 0.6) };
}
