import { defineErrors } from '@dealflow/service-kit';

/**
 * svc-identity's one error table: code -> HTTP status and the message people see by default (seed 000
 * wording). A use-case passes its own message only where the rule is more specific than the code.
 * Not signed in, no organization and not the owner are the kit's rules (route() and KitError).
 */
export const IdentityError = defineErrors('IdentityError', {
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  NOT_SIGNED_IN: { status: 401, message: 'Not authenticated' },
  CSRF: { status: 403, message: 'Cross-site request refused' },
  FORBIDDEN: { status: 403, message: 'You do not have access to this' },
  WRONG_PASSWORD: { status: 403, message: 'Incorrect password' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  INVITATION_NOT_FOUND: { status: 404, message: 'This invitation does not exist or has been revoked.' },
  RESET_TOKEN_INVALID: {
    status: 404,
    message: 'This password reset link is invalid or has already been used.',
  },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists' },
  CONFLICT: { status: 409, message: 'This already exists' },
  INVITATION_EXPIRED: { status: 410, message: 'This invitation has expired.' },
  RESET_TOKEN_EXPIRED: {
    status: 410,
    message: 'This password reset link has expired. Please request a new one.',
  },
  THROTTLED: { status: 429, message: 'Too many attempts. Please try again later.' },
  EMAIL_FAILED: { status: 502, message: 'The email could not be sent. Please try again later.' },
});
