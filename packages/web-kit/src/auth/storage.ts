// Client-held credentials: none. The session travels only in the HttpOnly `df_session` cookie, which page
// scripts cannot read; the seed's local-storage keys (token, user id, organization id) are no longer written,
// and are removed where an older version of the app left them.
const LEGACY_KEYS = ['auth_token', 'user_id', 'organization_id'] as const;

/** The two session cookies: the HttpOnly one can only be cleared by the server (logout), the other here. */
export const SESSION_COOKIES = ['df_session', 'df_session_present'] as const;

/**
 * The readable twin of the HttpOnly session cookie, set by the gateway on each document served with a session
 * cookie (and cleared on one served without): false means there is certainly no session to ask about.
 */
export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return true;
  return document.cookie.split(';').some((part) => part.trim().startsWith('df_session_present='));
}

/** Marks the hint when the page adopts a session without a new document (sign-in, registration). */
export function markSessionHint(): void {
  if (typeof document !== 'undefined') document.cookie = 'df_session_present=1; path=/; SameSite=Lax';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Removes what older versions of the app stored in localStorage (the session token among it). */
export function removeLegacyStorage(): void {
  const s = storage();
  for (const key of LEGACY_KEYS) s?.removeItem(key);
}

/** removeLegacyStorage, and expires the readable session cookie. */
export function clearStoredAuth(): void {
  removeLegacyStorage();
  if (typeof document !== 'undefined') {
    for (const name of SESSION_COOKIES) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  }
}
