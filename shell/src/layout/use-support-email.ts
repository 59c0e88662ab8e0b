import { useQuery } from '@tanstack/react-query';

/** Placeholder used when GET /api/config fails (seed 001 section 3). */
export const FALLBACK_SUPPORT_EMAIL = 'support@example.com';
export const CONFIG_CACHE_MS = 60 * 60 * 1000;

/** The help mailto address: GET /api/config, cached 1 hour, no refetch on window focus. */
export function useSupportEmail(): string {
  const { data } = useQuery<{ supportEmail?: string }>({
    queryKey: ['/api/config'],
    staleTime: CONFIG_CACHE_MS,
    gcTime: CONFIG_CACHE_MS,
    refetchOnWindowFocus: false,
  });
  return data?.supportEmail || FALLBACK_SUPPORT_EMAIL;
}
