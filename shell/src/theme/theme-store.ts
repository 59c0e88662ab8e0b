// The colour theme: `data-theme` on <html>, set before the first paint by theme-init.js (the stored choice,
// else the system's preference). The header toggles write the choice here; it persists in localStorage.

export type TTheme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'dealflow-theme';

export const currentTheme = (): TTheme =>
  document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';

/** Applies a theme now and remembers it; other tabs follow through the storage event (theme-init.js). */
export function chooseTheme(theme: TTheme) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
}

/** Calls `listener` whenever `data-theme` changes (a toggle, the system's preference, another tab). */
export function subscribeTheme(listener: () => void) {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
