import { defineErrors } from '@dealflow/service-kit';

/**
 * svc-identity's one error table: code -> HTTP status and the message people see by default (seed 000
 * wording). A use-case passes its own message only where the rule is more specific than the code.
 * Not signed in, no organization and not the owner are the kit's rules (route() and KitError); the shared
 * codes (FORBIDDEN, NOT_FOUND, CONFLICT, EMAIL_NOT_VERIFIED, ...) come from @dealflow/contracts/errors.
 */
export const IdentityError = defineErrors('IdentityError', {
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  WRONG_PASSWORD: { status: 403, message: 'Incorrect password' },
  INVITATION_NOT_FOUND: { status: 404, message: 'This invitation does not exist or has been revoked.' },
  RESET_TOKEN_INVALID: {
    status: 404,
    message: 'This password reset link is invalid or has already been used.',
  },
  UNSUBSCRIBE_LINK_INVALID: {
    status: 400,
    message: 'This unsubscribe link is invalid. You can change your emails in Settings.',
  },
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'This password is too common. Please choose a less predictable one.',
  },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists' },
  INVITATION_EXPIRED: { status: 410, message: 'This invitation has expired.' },
  RESET_TOKEN_EXPIRED: {
    status: 410,
    message: 'This password reset link has expired. Please request a new one.',
  },
  SESSION_NOT_FOUND: { status: 404, message: 'This session does not exist or has already ended.' },
  EMAIL_TOKEN_INVALID: { status: 404, message: 'This link is invalid or has already been used.' },
  EMAIL_TOKEN_EXPIRED: { status: 410, message: 'This link has expired. Please request a new one.' },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: 'Your email address is already verified.' },
  EMAIL_UNCHANGED: { status: 400, message: 'This is already your email address.' },
  EMAIL_CHANGE_NEEDS_VERIFICATION: {
    status: 400,
    message:
      'Your email address is changed with "Change email": it needs your password and a link sent to the new address.',
  },
  NO_PASSWORD: {
    status: 400,
    message: 'Your account has no password yet. Set one with "Forgot password" first.',
  },
  THROTTLED: { status: 429, message: 'Too many attempts. Please try again later.' },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    status: 403,
    message: 'Your organization requires two-factor sign-in. Set it up to continue.',
  },
  INVALID_TWO_FACTOR_CODE: { status: 401, message: 'Invalid code. Please try again.' },
  SIGN_IN_CHALLENGE_EXPIRED: { status: 401, message: 'Your sign-in has expired. Please sign in again.' },
  EMAIL_FAILED: { status: 502, message: 'The email could not be sent. Please try again later.' },
});
