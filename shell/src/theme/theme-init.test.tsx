import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { ThemeToggle } from './ThemeToggle';
import { chooseTheme, THEME_STORAGE_KEY } from './theme-store';

const script = readFileSync(path.join(import.meta.dirname, 'theme-init.js'), 'utf8');

/** A system preference that can change, as window.matchMedia('(prefers-color-scheme: dark)') reports it. */
function systemPrefers(dark: boolean) {
  const listeners: Array<() => void> = [];
  const media = {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
  };
  vi.stubGlobal('matchMedia', () => media);
  return (next: boolean) => {
    media.matches = next;
    listeners.forEach((l) => l());
  };
}
const runInit = () => new Function(script)();
const theme = () => document.documentElement.getAttribute('data-theme');

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  document.querySelectorAll('link[data-theme-css]').forEach((element) => element.remove());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('theme-init.js (runs before the first paint)', () => {
  it('follows the system preference while nothing is stored, also when it changes', () => {
    const setSystem = systemPrefers(true);
    runInit();
    expect(theme()).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    setSystem(false);
    expect(theme()).toBe('light');
  });

  it('a stored choice wins over the system', () => {
    const setSystem = systemPrefers(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    runInit();
    expect(theme()).toBe('light');
    setSystem(true);
    expect(theme()).toBe('light');
  });

  it("links only the active theme's stylesheet, and the other once, the first time the theme changes", async () => {
    const setSystem = systemPrefers(false);
    // index.html: <script src="theme-init.js" data-light="..." data-dark="...">
    const tag = document.createElement('script');
    tag.setAttribute('data-light', '/web-light-theme.0123abcd.css');
    tag.setAttribute('data-dark', '/web-dark-theme.4567ef01.css');
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => tag });
    try {
      runInit();
    } finally {
      Reflect.deleteProperty(document, 'currentScript');
    }
    const linked = () =>
      [...document.querySelectorAll('link[rel="stylesheet"][data-theme-css]')].map((element) =>
        element.getAttribute('href'),
      );
    expect(linked()).toEqual(['/web-light-theme.0123abcd.css']);

    setSystem(true);
    await waitFor(() =>
      expect(linked()).toEqual(['/web-light-theme.0123abcd.css', '/web-dark-theme.4567ef01.css']),
    );
    setSystem(false);
    act(() => chooseTheme('dark'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(linked()).toHaveLength(2);
  });

  it('ignores a stored value that is not a theme', () => {
    systemPrefers(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    runInit();
    expect(theme()).toBe('dark');
  });
});

describe('ThemeToggle', () => {
  it('is a "Dark mode" toggle button whose choice applies at once and persists', async () => {
    systemPrefers(false);
    runInit();
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    act(() => toggle.click());
    expect(theme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await vi.waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    act(() => toggle.click());
    expect(theme()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('shows the theme the system switched to', async () => {
    const setSystem = systemPrefers(false);
    runInit();
    render(<ThemeToggle />);
    setSystem(true);
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });
});
