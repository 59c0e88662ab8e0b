import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { darkThemeCss, themeCss } from './theme-css.mjs';

const read = (name: string) => readFileSync(path.join(import.meta.dirname, name), 'utf8');

describe('web-light-theme.css', () => {
  it("is Fluent's current webLightTheme (else run `npm run theme -w @dealflow/shell`)", () => {
    const file = read('web-light-theme.css');
    expect(file).toBe(themeCss());
    expect(file).toMatch(/^\/\*.*\*\/\n:root \{ --borderRadiusNone: 0;/);
    expect(file).toContain('--colorBrandBackground: #0f6cbd;');
  });
});

describe('web-dark-theme.css', () => {
  it('is Fluent\'s current webDarkTheme on :root[data-theme="dark"] (else run `npm run theme`)', () => {
    const file = read('web-dark-theme.css');
    expect(file).toBe(darkThemeCss());
    expect(file).toMatch(/^\/\*.*\*\/\n:root\[data-theme="dark"\] \{ --borderRadiusNone: 0;/);
    expect(file).toContain('--colorNeutralBackground1: #292929;');
    expect(file).toContain('--colorNeutralForeground1: #ffffff;');
  });

  it('is named, with the light theme, on theme-init.js: the first script, which links only the active one', () => {
    const html = read('../index.html');
    const init = html.indexOf(
      '<script src="<%= themeInit %>" data-light="<%= lightTheme %>" data-dark="<%= darkTheme %>">',
    );
    expect(init).toBeGreaterThan(0);
    expect(html.indexOf('<script')).toBe(init);
    // No stylesheet link of its own: a second theme would load on every first visit.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
  });
});
