import { describe, expect, it } from 'vitest';
import { isPlaceholderDomain, isPlaceholderEmail, isPlaceholderText } from './placeholders.js';

describe('placeholder detection', () => {
  it('flags template emails and domains, keeps real ones', () => {
    expect(isPlaceholderEmail('you@company.com')).toBe(true);
    expect(isPlaceholderEmail('name@yourdomain.com')).toBe(true);
    expect(isPlaceholderEmail('jane@orbital.dev')).toBe(false);
    expect(isPlaceholderDomain('www.yourcompany.com')).toBe(true);
    expect(isPlaceholderDomain('orbital.dev')).toBe(false);
  });

  it('flags template text, keeps real taglines', () => {
    expect(isPlaceholderText('_Tagline that captures your value_')).toBe(true);
    expect(isPlaceholderText('Lorem ipsum dolor sit amet')).toBe(true);
    expect(isPlaceholderText('Your Company Name')).toBe(true);
    expect(isPlaceholderText('Click to add title')).toBe(true);
    expect(isPlaceholderText('Payroll for remote teams in Africa')).toBe(false);
    expect(isPlaceholderText('Orbital Labs')).toBe(false);
  });
});
