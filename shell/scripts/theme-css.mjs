// `npm run theme -w @dealflow/shell`: writes src/theme/web-light-theme.css and web-dark-theme.css, Fluent's
// webLightTheme as CSS variables on :root and webDarkTheme on :root[data-theme="dark"] (Fluent's own
// createCSSRuleFromTheme). The shell imports them (src/index.ts) instead of shipping theme objects in JavaScript;
// src/theme/theme.test.ts fails when a Fluent upgrade changes them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { darkThemeCss, themeCss } from '../src/theme/theme-css.mjs';

for (const [name, css] of [
  ['web-light-theme.css', themeCss()],
  ['web-dark-theme.css', darkThemeCss()],
]) {
  const file = path.join(import.meta.dirname, '..', 'src', 'theme', name);
  writeFileSync(file, css);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
