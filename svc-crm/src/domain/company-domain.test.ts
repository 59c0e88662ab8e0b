import { describe, expect, it } from 'vitest';
import { findCompanyDomain, findSenderCompanyDomain, normalizeWebsiteDomain } from './company-domain.js';

describe('company domain', () => {
  it('normalizes a website to its bare host name', () => {
    expect(normalizeWebsiteDomain('https://www.Acme.io/about?x=1')).toBe('acme.io');
    expect(normalizeWebsiteDomain('acme.io')).toBe('acme.io');
    expect(normalizeWebsiteDomain('  app.acme.co.uk/ ')).toBe('app.acme.co.uk');
    expect(normalizeWebsiteDomain('not a website')).toBeNull();
    expect(normalizeWebsiteDomain('localhost')).toBeNull();
    expect(normalizeWebsiteDomain('')).toBeNull();
  });

  it('ignores free-mail senders and keeps company senders', () => {
    expect(findSenderCompanyDomain('Jane <jane@gmail.com>'.replace(/.*</, '').replace('>', ''))).toBeNull();
    expect(findSenderCompanyDomain('ceo@outlook.com')).toBeNull();
    expect(findSenderCompanyDomain('ceo@yahoo.com.br')).toBeNull();
    expect(findSenderCompanyDomain('founder@proton.me')).toBeNull();
    expect(findSenderCompanyDomain('founder@Orbital-Labs.com')).toBe('orbital-labs.com');
  });

  it('prefers the website over the sender and falls back to the sender', () => {
    expect(findCompanyDomain({ website: 'https://acme.io', fromEmail: 'a@other.com' })).toBe('acme.io');
    expect(findCompanyDomain({ website: null, fromEmail: 'a@other.com' })).toBe('other.com');
    expect(findCompanyDomain({ website: 'gmail.com', fromEmail: 'a@icloud.com' })).toBeNull();
    expect(findCompanyDomain({ website: null, fromEmail: 'a@hotmail.com' })).toBeNull();
  });
});
