import { SharedErrors } from '@dealflow/contracts/errors';
import { describe, expect, it } from 'vitest';
import { AppError, defineErrors, KitError } from './errors.js';

describe('one error vocabulary (issue 21 item 4)', () => {
  it('a service table carries the shared codes with their one status, and its own codes', () => {
    const ServiceError = defineErrors('ServiceError', {
      PLAN_UNKNOWN: { status: 400, message: 'Unknown plan' },
    });
    const own = new ServiceError('PLAN_UNKNOWN');
    expect([own.statusCode, own.message]).toEqual([400, 'Unknown plan']);
    for (const [code, spec] of Object.entries(SharedErrors)) {
      const shared = new ServiceError(code as keyof typeof SharedErrors);
      expect(shared).toBeInstanceOf(AppError);
      expect([shared.code, shared.statusCode, shared.message]).toEqual([code, spec.status, spec.message]);
      expect(new KitError(code as keyof typeof SharedErrors).statusCode).toBe(spec.status);
    }
    // A specific message, never another status.
    expect(new ServiceError('PLAN_REQUIRED', 'Analytics is on Pro').statusCode).toBe(403);
  });

  it('refuses a table that redefines a shared code (and the type says so)', () => {
    expect(() =>
      defineErrors('Drifted', {
        // @ts-expect-error a shared code may not be redefined
        NO_ORGANIZATION: { status: 400, message: 'No organization found' },
      }),
    ).toThrow(/Drifted redefines the shared error code\(s\) NO_ORGANIZATION/);
  });

  it('the statuses chosen by HTTP semantics', () => {
    expect(SharedErrors.NO_ORGANIZATION.status).toBe(403);
    expect(SharedErrors.PLAN_REQUIRED.status).toBe(403);
    expect(SharedErrors.INTEGRATION_LIMIT_REACHED.status).toBe(403);
    expect(SharedErrors.ENCRYPTION_NOT_CONFIGURED.status).toBe(503);
  });
});
