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

  it('is linked after the light theme, before any script, with theme-init.js', () => {
    const html = read('../index.html');
    const light = html.indexOf('<%= lightTheme %>');
    const dark = html.indexOf('<%= darkTheme %>');
    const init = html.indexOf('<script src="<%= themeInit %>">');
    expect(light).toBeGreaterThan(0);
    expect(dark).toBeGreaterThan(light);
    expect(init).toBeGreaterThan(dark);
    expect(html.indexOf('<script')).toBe(init);
  });
});
