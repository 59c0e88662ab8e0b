import { describe, expect, it } from 'vitest';
import { trialMessage } from './dates.js';

describe('trialMessage', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');
  it('counts the days left', () => {
    expect(trialMessage('2026-11-28T10:00:00.000Z', now)).toMatch(/^Your free trial ends in 7 days/);
    expect(trialMessage('2026-11-22T09:00:00.000Z', now)).toMatch(/^Your free trial ends in 1 day \(/);
  });
  it('says it ends today, has ended, or gives the generic message without a valid date', () => {
    expect(trialMessage('2026-11-21T23:00:00.000Z', now)).toBe(
      'Your free trial ends today. Your subscription begins tomorrow.',
    );
    expect(trialMessage('2026-11-19T10:00:00.000Z', now)).toBe(
      'Your free trial has ended. You will be charged soon.',
    );
    expect(trialMessage(null, now)).toBe('You are currently on a free trial.');
    expect(trialMessage('not a date', now)).toBe('You are currently on a free trial.');
  });
});
