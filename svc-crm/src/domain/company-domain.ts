import { getDomain } from 'tldts';

/**
 * Free-mail providers: a sender at one of these says nothing about the company, so the sender's domain
 * is used only when it is not in this list. Lower-case, exact domains.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.fr',
  'outlook.de',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'live.com',
  'live.co.uk',
  'msn.com',
  'passport.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.co.in',
  'ymail.com',
  'rocketmail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'aim.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'web.de',
  't-online.de',
  'freenet.de',
  'mail.com',
  'email.com',
  'usa.com',
  'zoho.com',
  'zohomail.com',
  'yandex.com',
  'yandex.ru',
  'ya.ru',
  'mail.ru',
  'bk.ru',
  'inbox.ru',
  'list.ru',
  'rambler.ru',
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'foxmail.com',
  'naver.com',
  'daum.net',
  'hanmail.net',
  'fastmail.com',
  'fastmail.fm',
  'hey.com',
  'tutanota.com',
  'tuta.io',
  'tutamail.com',
  'hushmail.com',
  'inbox.com',
  'rediffmail.com',
  'libero.it',
  'virgilio.it',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'laposte.net',
  'seznam.cz',
  'wp.pl',
  'o2.pl',
  'interia.pl',
  'btinternet.com',
  'sky.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'cox.net',
  'earthlink.net',
  'duck.com',
  'skiff.com',
]);

const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A host's registrable domain by the Public Suffix List (tldts): `app.acme.io` -> `acme.io`, `foo.co.uk` stays
 * `foo.co.uk`. Private suffixes count (`acme.github.io`, `acme.vercel.app` stay whole: the hosting
 * provider's domain is not the company). Null for a bare public suffix (`co.uk`) or a host with none.
 */
export function registrableDomain(host: string): string | null {
  const lower = host.toLowerCase().replace(/\.$/, '');
  if (!HOSTNAME.test(lower)) return null;
  return getDomain(lower, { allowPrivateDomains: true, extractHostname: false });
}

/**
 * A company's identity: `https://www.App.Acme.io/about` -> `acme.io` (the registrable domain, so the deck's
 * `app.acme.io` and the sender's `ceo@acme.io` are one company); null when the text holds no usable host name.
 */
export function normalizeWebsiteDomain(website: string | null | undefined): string | null {
  const text = website?.trim();
  if (!text) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return null;
  }
  return registrableDomain(host);
}

/** The domain of a sender address, unless it is a free-mail provider. */
export function findSenderCompanyDomain(fromEmail: string | null | undefined): string | null {
  const at = fromEmail?.lastIndexOf('@') ?? -1;
  if (!fromEmail || at < 0) return null;
  const domain = normalizeWebsiteDomain(fromEmail.slice(at + 1));
  if (!domain || isFreeMailDomain(domain)) return null;
  return domain;
}

export function isFreeMailDomain(domain: string): boolean {
  const lower = domain.toLowerCase();
  if (FREE_MAIL_DOMAINS.has(lower)) return true;
  // Regional variants of the big providers (yahoo.com.br, hotmail.es, outlook.co.id...).
  return /^(gmail|yahoo|hotmail|outlook|live|aol|gmx|yandex)\.[a-z.]{2,8}$/.test(lower);
}

/** One company per domain: the deck's website first, else the sender's domain if it is not free mail. */
export function findCompanyDomain(input: { website: string | null; fromEmail: string }): string | null {
  const fromWebsite = normalizeWebsiteDomain(input.website);
  if (fromWebsite && !isFreeMailDomain(fromWebsite)) return fromWebsite;
  return findSenderCompanyDomain(input.fromEmail);
}
