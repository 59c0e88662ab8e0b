// GET /api/config for every app: the help address (seed 001 section 3) and whether Google sign-in is on.
// One request per hour per page, shared by the layout and the login page; a failure is not cached.
import { useEffect, useState } from 'react';
import type { TConfig } from '@dealflow/contracts';
import { api } from './client.js';

export const PUBLIC_CONFIG_PATH = api.identity.config.path;
export const PUBLIC_CONFIG_TTL = 60 * 60 * 1000;

let cached: { at: number; answer: Promise<TConfig> } | null = null;

/** The public configuration, cached for an hour. Rejects when the request fails (and forgets the failure). */
export function loadPublicConfig(now = Date.now()): Promise<TConfig> {
  if (cached && now - cached.at < PUBLIC_CONFIG_TTL) return cached.answer;
  const answer: Promise<TConfig> = api.identity.config();
  const entry = { at: now, answer };
  cached = entry;
  answer.catch(() => {
    if (cached === entry) cached = null;
  });
  return answer;
}

/** Forget the cached answer (tests). */
export function resetPublicConfig(): void {
  cached = null;
}

/** The public configuration once loaded; undefined while loading or when it could not be read. */
export function usePublicConfig(): TConfig | undefined {
  const [config, setConfig] = useState<TConfig | undefined>();
  useEffect(() => {
    let live = true;
    loadPublicConfig().then(
      (answer) => live && setConfig(answer),
      () => undefined, // callers fall back (DEFAULT_SUPPORT_EMAIL, no Google button)
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
