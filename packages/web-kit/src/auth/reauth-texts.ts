/** The services' answer (403, the kit's KitError REAUTH_REQUIRED) when an action needs a recent password check. */
export const REAUTH_REQUIRED_MESSAGE = 'Enter your password again to continue';

/** Identity's answer (400) when the account has no password to enter: a Google-only account signs in again. */
export const REAUTH_NO_PASSWORD_MESSAGE =
  'Your account has no password: sign out and sign in again with Google to continue.';
