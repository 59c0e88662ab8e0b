import root from '../eslint.config.js';

// Playwright fixtures are `async ({}, use) => ...`: neither React hooks nor a mistaken empty pattern.
export default [
  ...root,
  { ignores: ['test-results/**', 'playwright-report/**'] },
  { files: ['**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' } },
];
