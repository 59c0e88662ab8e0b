import { startOidcStandIn } from '../../svc-identity/src/test/oidc-stand-in.js';

/**
 * A local OpenID Connect provider (the `oidc-provider` package) standing in for Google: sign-in is
 * non-interactive and answers as a verified user. Its issuer, client id and secret go into every
 * service's environment, so svc-identity enables Google sign-in (`/api/config` googleSignInEnabled).
 *
 * The account it signs in as is `E2E_OIDC_EMAIL` / `E2E_OIDC_NAME` (set here for the tests to read):
 * a spec clicks "Sign in with Google" and expects to land signed in as that user.
 */
export async function start(context: {
  /** The gateway URL the stack will have (redirect URIs, links). */
  publicUrl: string;
}): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const publicUrl = context.publicUrl.replace(/\/$/, '');
  const oidc = await startOidcStandIn({ redirectUris: [`${publicUrl}/api/auth/google/callback`] });
  const email = `google.user.${Date.now().toString(36)}@example.com`;
  const name = 'Google User';
  oidc.setAccount({ sub: `google-${email}`, email, emailVerified: true, name });
  process.env.E2E_OIDC_EMAIL = email;
  process.env.E2E_OIDC_NAME = name;
  return { env: { ...oidc.env }, stop: () => oidc.stop() };
}
