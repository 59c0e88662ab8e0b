import { z } from 'zod';

/**
 * The seed's default validation messages (seed 000 section 5): 'Required' for a missing value,
 * 'Invalid email', 'String must contain at least N character(s)', 'Number must be greater than or equal
 * to N'. Schemas that carry their own message keep it. Call once at start-up, in the browser and on the
 * server, so both say the same thing.
 */
export function installSeedErrorMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
      if (issue.code === 'invalid_format' && issue.format === 'email') return 'Invalid email';
      if (issue.code === 'too_small' && issue.origin === 'string') {
        return `String must contain at least ${issue.minimum} character(s)`;
      }
      if (issue.code === 'too_small' && issue.origin === 'number') {
        return `Number must be greater than or equal to ${issue.minimum}`;
      }
      if (issue.code === 'too_big' && issue.origin === 'string') {
        return `String must contain at most ${issue.maximum} character(s)`;
      }
      return undefined;
    },
  });
}
