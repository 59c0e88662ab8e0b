import { z } from 'zod';
import type { ServiceApp } from '@dealflow/service-kit';
import { IdentityError } from '../errors.js';

/** Fields that would grant something if a route trusted them: never accepted where the contract lacks them. */
const PRIVILEGED_FIELDS = new Set([
  'role',
  'isAdmin',
  'admin',
  'userId',
  'bypassAuth',
  'organizationId',
  'ownerId',
  'digitalProductAccess',
  'subscriptionStatus',
  'subscriptionQuantity',
  'stripeCustomerId',
  'stripeSubscriptionId',
  'trialEndsAt',
  'googleId',
  'passwordHash',
  'emailVerified',
]);

/**
 * Extra-privileged input is refused (400) rather than silently dropped: a body field like `role` or
 * `digitalProductAccess` on a route whose contract does not define it. (Routes whose contract names such a
 * field, like create-with-context's ignored userId/bypassAuth or invite's role, are unaffected.)
 */
export function refusePrivilegedInput(app: ServiceApp): void {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const schema = request.routeOptions.schema?.body;
    const allowed = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
    const refused = Object.keys(body).filter((key) => PRIVILEGED_FIELDS.has(key) && !allowed.includes(key));
    if (refused.length > 0) {
      throw new IdentityError(
        'BAD_REQUEST',
        `${refused[0]} cannot be set here`,
        refused.map((path) => ({ path, message: 'Not allowed' })),
      );
    }
  });
}
