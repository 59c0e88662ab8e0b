import { usePublicConfig } from '@dealflow/web-kit';

/** Placeholder used when GET /api/config fails (seed 001 section 3). */
export const FALLBACK_SUPPORT_EMAIL = 'support@example.com';

/** The help mailto address: GET /api/config, cached 1 hour (web-kit's loadPublicConfig, shared with /login). */
export function useSupportEmail(): string {
  return usePublicConfig()?.supportEmail || FALLBACK_SUPPORT_EMAIL;
}
