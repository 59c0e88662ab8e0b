import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installSeedErrorMessages } from './zod-messages.js';
import { ZLoginBody, ZInviteBody } from './identity.js';

installSeedErrorMessages();

const first = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0]?.message;

describe('seed default messages', () => {
  it("says 'Required' for a missing value", () => {
    expect(first(z.object({ name: z.string() }).safeParse({}))).toBe('Required');
  });
  it('says the seed text for short strings and small numbers', () => {
    expect(first(z.string().min(3).safeParse('a'))).toBe('String must contain at least 3 character(s)');
    expect(first(z.number().min(2).safeParse(1))).toBe('Number must be greater than or equal to 2');
    expect(first(z.email().safeParse('nope'))).toBe('Invalid email');
  });
  it('keeps the messages schemas set themselves', () => {
    expect(first(ZLoginBody.safeParse({ email: 'nope', password: 'x' }))).toBe(
      'Please enter a valid email address.',
    );
    expect(first(ZInviteBody.safeParse({ email: 'a@b.co', name: 'x' }))).toBe(
      'Name must be at least 2 characters.',
    );
  });
});
