import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { QUERY_EXPORTS, ROUTER_EXPORTS } from './packages/web-build/index.mjs';

/**
 * The bundle-size rules of the front end (shell/README.md, packages/web-build/README.md) as lint rules, for the
 * code that reaches a browser bundle (tests and scripts are not bundled).
 */
const FRONT_END_SOURCE = ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'];
// Tests are not bundled; forms.ts: the form schemas come from the contracts on purpose (same rules and messages as the services).
const NOT_CHECKED = ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**', '**/lib/forms.ts'];
const bundleSizeImports = {
  paths: [
    {
      name: 'react-router-dom',
      allowImportNames: ROUTER_EXPORTS,
      message:
        'The shared router keeps only ROUTER_EXPORTS (packages/web-build/index.mjs): add the export there first, or the app loads a second router without the shell context.',
    },
    {
      name: '@tanstack/react-query',
      allowImportNames: QUERY_EXPORTS,
      message:
        'The shared react-query keeps only QUERY_EXPORTS (packages/web-build/index.mjs): add the export there first, or the app loads its own copy without the shared QueryClient.',
    },
    {
      name: '@fluentui/react-components',
      importNames: ['Button', 'ButtonProps'],
      message:
        "Take Button from @dealflow/web-kit: the shell's copy is already loaded, a remote's own costs ~6 KB gzip.",
    },
    {
      name: '@fluentui/react-components',
      importNames: ['webLightTheme', 'webDarkTheme', 'teamsLightTheme', 'teamsDarkTheme', 'createLightTheme'],
      message:
        'The theme is a stylesheet (shell/src/theme/web-light-theme.css): a theme object in JavaScript costs ~5.6 KB gzip on every page.',
    },
    {
      name: 'react-router',
      message: 'Import from react-router-dom: it is the shared singleton.',
    },
    {
      name: '@dealflow/contracts',
      allowTypeImports: true,
      message:
        'The contracts main entry carries zod and every schema: use types (import type), @dealflow/contracts/client for calls, @dealflow/contracts/plans for the plan table and @dealflow/contracts/activity for the activity labels.',
    },
  ],
  patterns: [
    {
      // @fluentui/react-charts is not in the barrel: Fluent's chart package, imported by mfe-records' analytics
      // charts only (a lazy chunk), itself built on the shared granular packages.
      group: [
        '@fluentui/react-*',
        '!@fluentui/react-components',
        '!@fluentui/react-icons',
        '!@fluentui/react-charts',
      ],
      allowTypeImports: true,
      message:
        'Import Fluent from the @fluentui/react-components barrel (tree-shaken per app); the granular packages are shared singletons resolved by Module Federation.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: FRONT_END_SOURCE,
    ignores: NOT_CHECKED,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', bundleSizeImports],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(api|webhooks)\\//]',
          message: 'No API path in the front end: call the typed client (@dealflow/contracts/client).',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/(api|webhooks)\\//]',
          message: 'No API path in the front end: call the typed client (@dealflow/contracts/client).',
        },
      ],
    },
  },
);
