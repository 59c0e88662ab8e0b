// rspack loader: `tokens.colorNeutralForeground2` -> `"var(--colorNeutralForeground2)"` in modules that import
// Fluent's `tokens`. Each token is the CSS variable of the same name, so the value is the same; what changes is
// that no module then needs the `tokens` object itself (~3 KB gzip that every remote carried for a handful of
// module-level constants in Fluent's published styles, such as Input's field heights). Only names that
// `tokens` really has are replaced; anything else (a computed key, a shadowing local) is left alone.
import { createRequire } from 'node:module';

const { tokens } = createRequire(import.meta.url)('@fluentui/react-theme');

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["'](@fluentui\/react-theme|@fluentui\/react-components)["']/;
const ACCESS = /(?<![\w$.])tokens\.([A-Za-z][A-Za-z0-9]*)(?![\w$(])/g;

/** @param {string} source */
export function inlineTokens(source) {
  const match = IMPORT.exec(source);
  if (!match || !match[1].split(',').some((name) => name.trim() === 'tokens')) return source;
  return source.replace(ACCESS, (whole, name) =>
    Object.hasOwn(tokens, name) ? JSON.stringify(tokens[name]) : whole,
  );
}

/** @param {string} source */
export default function fluentTokensLoader(source) {
  return inlineTokens(source);
}
