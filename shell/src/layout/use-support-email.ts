import { usePublicConfig } from '@dealflow/web-kit';
import { DEFAULT_SUPPORT_EMAIL } from '@dealflow/contracts/plans';

/** Placeholder used when GET /api/config fails (seed 001 section 3): svc-identity's own default. */
export const FALLBACK_SUPPORT_EMAIL = DEFAULT_SUPPORT_EMAIL;

/**
 * The support address (Help link, legal pages): svc-identity's SUPPORT_EMAIL from GET /api/config, cached 1 hour
 * (web-kit's loadPublicConfig, shared with /login; no react-query, so signed-out pages may use it).
 */
export function useSupportEmail(): string {
  return usePublicConfig()?.supportEmail || FALLBACK_SUPPORT_EMAIL;
}
