import { describe, expect, it } from 'vitest';
import {
  findCompanyDomain,
  findSenderCompanyDomain,
  normalizeWebsiteDomain,
  registrableDomain,
} from './company-domain.js';

describe('company domain', () => {
  it('normalizes a website to its registrable domain (Public Suffix List)', () => {
    expect(normalizeWebsiteDomain('https://www.Acme.io/about?x=1')).toBe('acme.io');
    expect(normalizeWebsiteDomain('acme.io')).toBe('acme.io');
    expect(normalizeWebsiteDomain('https://app.acme.io/login')).toBe('acme.io');
    expect(normalizeWebsiteDomain('www2.eu.app.acme.io')).toBe('acme.io');
    expect(normalizeWebsiteDomain('  app.acme.co.uk/ ')).toBe('acme.co.uk');
    expect(normalizeWebsiteDomain('foo.co.uk')).toBe('foo.co.uk');
    expect(normalizeWebsiteDomain('https://shop.acme.com.au')).toBe('acme.com.au');
    // Private suffixes: the hosting provider's domain is not the company.
    expect(normalizeWebsiteDomain('acme.github.io')).toBe('acme.github.io');
    expect(normalizeWebsiteDomain('https://acme.vercel.app')).toBe('acme.vercel.app');
    expect(normalizeWebsiteDomain('co.uk')).toBeNull();
    expect(normalizeWebsiteDomain('http://10.0.0.1/')).toBeNull();
    expect(registrableDomain('App.Acme.IO.')).toBe('acme.io');
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
    expect(findSenderCompanyDomain('ceo@mail.acme.io')).toBe('acme.io');
    expect(findSenderCompanyDomain('someone@uk.yahoo.com')).toBeNull();
  });

  it('prefers the website over the sender and falls back to the sender', () => {
    expect(findCompanyDomain({ website: 'https://acme.io', fromEmail: 'a@other.com' })).toBe('acme.io');
    expect(findCompanyDomain({ website: null, fromEmail: 'a@other.com' })).toBe('other.com');
    expect(findCompanyDomain({ website: 'gmail.com', fromEmail: 'a@icloud.com' })).toBeNull();
    expect(findCompanyDomain({ website: null, fromEmail: 'a@hotmail.com' })).toBeNull();
    // The deck's app host and the sender's address are one company.
    expect(findCompanyDomain({ website: 'https://app.acme.io', fromEmail: 'x@gmail.com' })).toBe('acme.io');
    expect(findCompanyDomain({ website: null, fromEmail: 'ceo@acme.io' })).toBe('acme.io');
  });
});
