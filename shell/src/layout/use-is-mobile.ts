import { useSyncExternalStore } from 'react';

/** Seed 000/001 section 9: the mobile breakpoint. */
export const MOBILE_BREAKPOINT = 768;
const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(callback: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener('change', callback);
  return () => list.removeEventListener('change', callback);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
