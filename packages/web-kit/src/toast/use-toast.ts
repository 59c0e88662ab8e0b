import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, toast, type TToastItem } from './store.js';

/** The current toasts plus the service functions, for components. */
export function useToast(): {
  toasts: readonly TToastItem[];
  toast: typeof toast;
  dismiss: (id?: string) => void;
} {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return { toasts, toast, dismiss: dismissToast };
}
