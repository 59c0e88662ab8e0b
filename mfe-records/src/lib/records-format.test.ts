import { describe, expect, it } from 'vitest';
import {
  COMPANY_BADGE_COLORS,
  canRetry,
  formatReceivedAt,
  formatShowingText,
  getCompanyBadgeColor,
  getCompanyInitials,
  getStatusBadge,
  isNextDisabled,
} from './records-format.js';

describe('company initials', () => {
  it('takes the first two letters of a one-word name', () => {
    expect(getCompanyInitials('Stripe')).toBe('ST');
    expect(getCompanyInitials('x')).toBe('X');
  });
  it('takes the first letters of the first two words', () => {
    expect(getCompanyInitials('Orbital Labs')).toBe('OL');
    expect(getCompanyInitials('  acme   rocket  works ')).toBe('AR');
  });
  it('shows a placeholder for no name', () => {
    expect(getCompanyInitials('')).toBe('?');
    expect(getCompanyInitials(null)).toBe('?');
  });
});

describe('company badge colour', () => {
  it('is chosen from five by the sum of the character codes', () => {
    // 'A' = 65 -> 65 % 5 = 0; 'B' = 66 -> 1; 'AB' = 131 -> 1; 'E' = 69 -> 4
    expect(getCompanyBadgeColor('A')).toBe(COMPANY_BADGE_COLORS[0]);
    expect(getCompanyBadgeColor('B')).toBe(COMPANY_BADGE_COLORS[1]);
    expect(getCompanyBadgeColor('AB')).toBe(COMPANY_BADGE_COLORS[1]);
    expect(getCompanyBadgeColor('E')).toBe(COMPANY_BADGE_COLORS[4]);
    expect(COMPANY_BADGE_COLORS).toHaveLength(5);
  });
  it('is the same for the same name every time', () => {
    expect(getCompanyBadgeColor('Orbital Labs')).toBe(getCompanyBadgeColor('Orbital Labs'));
  });
});

describe('received date', () => {
  const now = new Date(2026, 10, 21, 10, 0);
  it("reads 'Today' with the time", () => {
    expect(formatReceivedAt(new Date(2026, 10, 21, 15, 4), now)).toBe('Today, 3:04 PM');
  });
  it("reads 'Yesterday' with the time", () => {
    expect(formatReceivedAt(new Date(2026, 10, 20, 9, 0), now)).toBe('Yesterday, 9:00 AM');
  });
  it("reads 'MMM d' with the time otherwise", () => {
    expect(formatReceivedAt(new Date(2026, 2, 5, 0, 30), now)).toBe('Mar 5, 12:30 AM');
    expect(formatReceivedAt(new Date(2026, 10, 19, 23, 59), now)).toBe('Nov 19, 11:59 PM');
  });
  it('accepts ISO strings and ignores invalid dates', () => {
    expect(formatReceivedAt(new Date(2026, 10, 21, 8, 15).toISOString(), now)).toBe('Today, 8:15 AM');
    expect(formatReceivedAt('not a date', now)).toBe('');
  });
});

describe('status badge', () => {
  it('maps each record status to its label', () => {
    expect(getStatusBadge('completed')).toEqual({ label: 'Completed', color: 'success' });
    expect(getStatusBadge('processing').label).toBe('Processing');
    expect(getStatusBadge('failed')).toEqual({ label: 'Failed', color: 'danger' });
    expect(getStatusBadge('not_added_missing_domain').label).toBe('Missing Domain');
    expect(getStatusBadge('pending').label).toBe('Pending');
    expect(getStatusBadge('anything else').label).toBe('Pending');
  });
  it('offers Retry only for failed and Missing Domain records', () => {
    expect(canRetry('failed')).toBe(true);
    expect(canRetry('not_added_missing_domain')).toBe(true);
    expect(canRetry('completed')).toBe(false);
    expect(canRetry('pending')).toBe(false);
    expect(canRetry('processing')).toBe(false);
  });
});

describe('paging text', () => {
  it("reads 'Showing X of Y results'", () => {
    expect(formatShowingText(10, 23)).toBe('Showing 10 of 23 results');
    expect(formatShowingText(0, 0)).toBe('Showing 0 of 0 results');
    expect(formatShowingText(30, 23)).toBe('Showing 23 of 23 results');
  });
  it('disables Next once everything is shown', () => {
    expect(isNextDisabled(10, 23)).toBe(false);
    expect(isNextDisabled(23, 23)).toBe(true);
    expect(isNextDisabled(0, 0)).toBe(true);
  });
});
