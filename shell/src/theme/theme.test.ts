import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeCss } from './theme-css.mjs';

describe('web-light-theme.css', () => {
  it("is Fluent's current webLightTheme (else run `npm run theme -w @dealflow/shell`)", () => {
    const file = readFileSync(path.join(import.meta.dirname, 'web-light-theme.css'), 'utf8');
    expect(file).toBe(themeCss());
    expect(file).toMatch(/^\/\*.*\*\/\n:root \{ --borderRadiusNone: 0;/);
    expect(file).toContain('--colorBrandBackground: #0f6cbd;');
  });
});
