import { api } from '@dealflow/contracts/client';

/**
 * True when the signed-in user's address is still unverified (issue 15). The page's copy of the user may be
 * older than a link followed in another tab, so an unverified answer is checked once with the server.
 */
export async function isStillUnverified(
  user: { emailVerified: boolean } | null | undefined,
): Promise<boolean> {
  if (!user || user.emailVerified) return false;
  const fresh = await api.identity.me({ cache: 'no-store' }).catch(() => null);
  return !fresh?.user.emailVerified;
}
