// Client-held credentials (seed 000 section 3): local storage keys and the session cookies.
export const StorageKeys = {
  authToken: 'auth_token',
  userId: 'user_id',
  organizationId: 'organization_id',
} as const;

/** The two session cookies: the HttpOnly one can only be cleared by the server (logout), the other here. */
export const SESSION_COOKIES = ['df_session', 'df_session_present'] as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredAuth(): {
  authToken: string | null;
  userId: string | null;
  organizationId: string | null;
} {
  const s = storage();
  return {
    authToken: s?.getItem(StorageKeys.authToken) ?? null,
    userId: s?.getItem(StorageKeys.userId) ?? null,
    organizationId: s?.getItem(StorageKeys.organizationId) ?? null,
  };
}

export function storeAuth(values: {
  authToken?: string | null;
  userId?: number | string | null;
  organizationId?: number | string | null;
}): void {
  const s = storage();
  if (!s) return;
  const put = (key: string, value: number | string | null | undefined) => {
    if (value === undefined) return;
    if (value === null || value === '') s.removeItem(key);
    else s.setItem(key, String(value));
  };
  put(StorageKeys.authToken, values.authToken);
  put(StorageKeys.userId, values.userId);
  put(StorageKeys.organizationId, values.organizationId);
}

/** Clear the stored token, user id, organization id and expire the session cookies. */
export function clearStoredAuth(): void {
  const s = storage();
  s?.removeItem(StorageKeys.authToken);
  s?.removeItem(StorageKeys.userId);
  s?.removeItem(StorageKeys.organizationId);
  if (typeof document !== 'undefined') {
    for (const name of SESSION_COOKIES) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  }
}
