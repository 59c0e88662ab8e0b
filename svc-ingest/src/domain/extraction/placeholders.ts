/**
 * Template placeholders ("you@company.com", "_Tagline that captures your value_", lorem ipsum) look like facts to
 * every other rule, so each candidate value is checked here before it can become a field.
 */
const PLACEHOLDER_DOMAINS = new Set([
  'company.com',
  'yourcompany.com',
  'yourdomain.com',
  'domain.com',
  'example.com',
  'example.org',
  'example.net',
  'email.com',
  'website.com',
  'yourwebsite.com',
  'companyname.com',
  'startup.com',
]);

const PLACEHOLDER_TEXT = [
  // A template's instruction to its user ("Describe the pain point with a concrete story").
  /^(?:describe|explain|insert|replace|list|enter|type|write|summari[sz]e)\s+(?:the|your|a|an|here|what|who|how|why)\b/i,
  /\blorem\b|\bipsum\b|\bdolor sit\b/i,
  /\byour (?:company|startup|business|name|logo|tagline|title|website|email|phone)\b/i,
  /\b(?:company|founder|full|first|last) name\b/i,
  /\b(?:insert|add|enter|type|replace) (?:your|the|a|text|here)\b/i,
  /\btagline (?:that|which|goes)\b/i,
  /\bclick to (?:add|edit)\b/i,
  /\bxxx+\b|\[[^\]]*\]|\{\{[^}]*\}\}|<[^>]*>/i,
  /^_.*_$/,
];

export function isPlaceholderDomain(domain: string): boolean {
  const host = domain.toLowerCase().replace(/^www\./, '');
  // Reserved names (RFC 2606/6761) never belong to a company.
  return PLACEHOLDER_DOMAINS.has(host) || /\.(?:example|test|invalid|localhost)$/.test(host);
}

export function isPlaceholderEmail(email: string): boolean {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  if (isPlaceholderDomain(domain)) return true;
  return (
    ['you', 'your', 'yourname', 'name', 'email', 'youremail', 'firstname', 'first.last'].includes(local) &&
    /^(?:company|domain|email|website)\./.test(domain)
  );
}

export function isPlaceholderText(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && PLACEHOLDER_TEXT.some((rule) => rule.test(trimmed));
}
