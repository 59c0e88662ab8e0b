// `npm run theme -w @dealflow/shell`: writes src/theme/web-light-theme.css, Fluent's webLightTheme as CSS
// variables on :root (Fluent's own createCSSRuleFromTheme). The shell links it from index.html instead of
// shipping the theme object in JavaScript; src/theme/theme.test.ts fails when a Fluent upgrade changes it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { themeCss } from '../src/theme/theme-css.mjs';

const file = path.join(import.meta.dirname, '..', 'src', 'theme', 'web-light-theme.css');
writeFileSync(file, themeCss());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
