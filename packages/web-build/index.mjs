// Shared rspack 2 + Module Federation config for the shell (host) and the four remotes.
// Plain ESM on purpose: rspack 2 loads `.mjs` configs directly, so this package has no build step.
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

/**
 * Fluent UI is shared by its granular packages that hold React context or global state, never by the
 * `@fluentui/react-components` barrel (sharing the barrel disables tree-shaking: see STACK-NOTES.md).
 * Each app bundles the tree-shaken components it uses; these packages are resolved once at run time.
 */
export const FLUENT_SHARED_PACKAGES = [
  '@fluentui/react-shared-contexts',
  '@griffel/react',
  '@fluentui/react-utilities',
  '@fluentui/react-portal',
  // Tabster's and keyborg's state lives in these two (one instance per window). @fluentui/react-tabster is only
  // hooks over them: each app bundles the hooks it uses, so the first load no longer carries all of tabster.
  'tabster',
  'keyborg',
];

/**
 * The react-router-dom exports the apps use (the shared build keeps only these; index.test.mjs fails when an
 * app imports another: add it here). Test helpers (MemoryRouter) are not bundled, so they are not listed.
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Routes',
  'Route',
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'useLocation',
  'useNavigate',
  'useSearchParams',
];

/**
 * The @tanstack/react-query exports the apps may use. Like the router, the shared build keeps only these
 * (13.1 -> 10.5 KB gzip on every first load); a consumer needing another export would load a full copy of
 * its own and lose the shared QueryClient context, so add it here first.
 */
export const QUERY_EXPORTS = [
  'QueryClient',
  'QueryClientProvider',
  'useQuery',
  'useQueryClient',
  'useMutation',
  'useInfiniteQuery',
];

const MF_RUNTIME_PACKAGES = [
  'webpack-bundler-runtime',
  'inject-external-runtime-core-plugin',
  'runtime',
  'runtime-tools',
  'sdk',
  'runtime-core',
  'error-codes',
];

/**
 * The MF plugins `require.resolve` the runtime, so they inject its CommonJS build, which rspack cannot
 * tree-shake (the whole SDK came along: Node script loading, snapshot generation, every plugin type). Point
 * those files at the ESM builds beside them, whose own imports then resolve to ESM too: -5.5 KB gzip in the
 * shell's main.js and in every remoteEntry.js.
 */
function mfRuntimeEsmAliases(dirname) {
  const require = createRequire(path.join(dirname, 'package.json'));
  /** @type {Record<string, string>} */
  const aliases = {};
  for (const name of MF_RUNTIME_PACKAGES) {
    let cjs;
    try {
      cjs = require.resolve(`@module-federation/${name}`);
    } catch {
      continue; // not installed in this version of the runtime
    }
    const esm = ['.js', '.mjs']
      .map((ext) => cjs.replace(/\.cjs$/, ext))
      .find((file) => file !== cjs && existsSync(file));
    if (esm) aliases[cjs] = esm;
  }
  // @module-federation/retry-plugin (0.17.1) brings its own copy of the SDK only for createLogger: it gets
  // the runtime's (the same function), not a second SDK.
  let sdk;
  try {
    sdk = aliases[require.resolve('@module-federation/sdk')];
  } catch {
    sdk = undefined; // not installed for this app folder
  }
  if (sdk) aliases['@module-federation/sdk$'] = sdk;
  return aliases;
}

/**
 * Griffel's build-time transform: makeStyles / makeResetStyles calls become precomputed class maps with their
 * CSS (`__styles`), as Fluent's own packages ship. No app then needs Griffel's style compiler (stylis,
 * rtl-css-js, shorthands) or the `tokens` object at run time, so the shared @griffel/react keeps only
 * what precomputed styles use (GRIFFEL_EXPORTS).
 */
const GRIFFEL_LOADER = {
  loader: '@griffel/webpack-loader',
  options: {
    modules: [
      {
        moduleSource: '@fluentui/react-components',
        importName: 'makeStyles',
        resetImportName: 'makeResetStyles',
      },
      { moduleSource: '@griffel/react', importName: 'makeStyles', resetImportName: 'makeResetStyles' },
    ],
    babelOptions: { presets: ['@babel/preset-typescript'] },
  },
};

/**
 * The @griffel/react exports left in use once every makeStyles is precomputed (GRIFFEL_LOADER): those of
 * Fluent's published styles (`__styles`, `__resetStyles`, `__staticStyles`, `mergeClasses`; Card still
 * calls `shorthands`) and of FluentProvider (`useRenderer_unstable`, `TextDirectionProvider`).
 */
export const GRIFFEL_EXPORTS = [
  '__styles',
  '__resetStyles',
  '__staticStyles',
  '__css',
  '__resetCSS',
  'mergeClasses',
  'shorthands',
  'useRenderer_unstable',
  'TextDirectionProvider',
  'RendererProvider',
  'createDOMRenderer',
];

const SERVER_ONLY = path.join(import.meta.dirname, 'server-only.mjs');

/** The host's retry of failed remote loads during a rollout (retry-runtime-plugin.mjs). */
export const RETRY_RUNTIME_PLUGIN = path.join(import.meta.dirname, 'retry-runtime-plugin.mjs');

/** `tokens.x` -> `"var(--x)"` (fluent-tokens-loader.mjs): no app ships Fluent's `tokens` object. */
const TOKENS_LOADER = { loader: path.join(import.meta.dirname, 'fluent-tokens-loader.mjs') };

/** The singletons every app shares. `requiredVersion: false` where the app does not list the package. */
export function createSharedConfig() {
  /** @type {Record<string, { singleton: boolean; requiredVersion?: string | false; strictVersion?: boolean }>} */
  const shared = {
    react: { singleton: true, requiredVersion: '^18.3.0' },
    'react/jsx-runtime': { singleton: true, requiredVersion: '^18.3.0' },
    'react-dom': { singleton: true, requiredVersion: '^18.3.0' },
    'react-dom/client': { singleton: true, requiredVersion: '^18.3.0' },
    'react-router-dom': {
      singleton: true,
      requiredVersion: '^7.0.0',
      // The full react-router-dom 7 is ~60 KB gzip; shared modules are not tree-shaken by default. Keep the
      // exports every app may use; a consumer needing more loads the full fallback build instead.
      treeShaking: { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS },
    },
    '@tanstack/react-query': {
      singleton: true,
      requiredVersion: '^5.0.0',
      treeShaking: { mode: 'runtime-infer', usedExports: QUERY_EXPORTS },
    },
    '@dealflow/web-kit': { singleton: true, requiredVersion: false },
  };
  for (const name of FLUENT_SHARED_PACKAGES) shared[name] = { singleton: true, requiredVersion: false };
  shared['@griffel/react'].treeShaking = { mode: 'runtime-infer', usedExports: GRIFFEL_EXPORTS };
  return shared;
}

/**
 * @param {{
 *   name: string;                       // MF name: 'shell', 'mfe_auth', 'mfe_team', 'mfe_billing', 'mfe_records'
 *   dirname: string;                    // the app folder (import.meta.dirname of its rspack.config.mjs)
 *   exposes?: Record<string, string>;   // remotes: './LoginPage': './src/pages/LoginPage.tsx'
 *   isHost?: boolean;                   // the shell: HTML page, publicPath '/', no exposes
 *   remotes?: Record<string, string>;   // build-time remotes (the shell registers them at run time instead)
 *   runtimePlugins?: string[];          // absolute paths of MF runtime plugins
 *   mode?: 'production' | 'development';
 *   title?: string;                     // host only: <title>
 *   template?: string;                  // host only: HTML template (default src/index.html when present)
 *   headFiles?: Record<string, string>; // host only: files the template links in <head> (a blocking script,
 *                                       // stylesheets), copied as <name>.<hash8>.<ext>; the key is the template
 *                                       // parameter that holds its URL (`<script src="<%= themeInit %>">`)
 * }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createMfConfig(options) {
  const {
    name,
    dirname,
    exposes = {},
    isHost = false,
    remotes = {},
    runtimePlugins = [],
    title = 'Dealflow',
  } = options;
  if (!name || !dirname) throw new Error('createMfConfig: name and dirname are required');
  const mode = options.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production');
  const isProduction = mode === 'production';
  const template = options.template ?? path.join(dirname, 'src/index.html');

  /** @type {import('@rspack/core').RspackPluginInstance[]} */
  const plugins = [
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes,
      remotes,
      shared: createSharedConfig(),
      // Remotes are fetched only when a page needs them; the default strategy fetches every remote at
      // start-up and one unreachable remote can break the whole app (module-federation/core#3877).
      shareStrategy: 'loaded-first',
      // The host retries failed remote loads (a rollout's overlap); remotes run on its runtime.
      runtimePlugins: isHost ? [RETRY_RUNTIME_PLUGIN, ...runtimePlugins] : runtimePlugins,
      manifest: { fileName: 'mf-manifest.json' },
      // Type generation made a remote build ~3.5x slower and is skipped silently when the remote is not
      // being served; the apps share types through @dealflow/contracts and web-kit's d.ts instead.
      dts: false,
      // One copy of the MF runtime core: the shell provides it, each remoteEntry.js uses it (~30 KB gzip
      // less per remote). Remotes therefore run only inside the shell, which is how they are deployed.
      experiments: {
        ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
        // Drops the runtime's Node.js branches (script loading via fs/vm) from main.js and each remoteEntry.js
        // (~2 KB gzip each). disableSnapshot saves nothing measurable and breaks remotes registered by mf-manifest.json.
        optimization: { target: 'web' },
      },
    }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
  ];
  if (isHost) {
    // Files linked from <head> (the shell's theme stylesheets and theme-init.js, which picks the theme before
    // the first paint) are served under a content hash, so the gateway caches them like the bundles; the
    // template gets their URLs. No JavaScript loads them: main.js carries no CSS-chunk loader.
    const templateParameters = {};
    const headFiles = Object.entries(options.headFiles ?? {});
    for (const [parameter, file] of headFiles) {
      const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 8);
      const ext = path.extname(file);
      templateParameters[parameter] = `/${path.basename(file, ext)}.${hash}${ext}`;
    }
    if (headFiles.length > 0) {
      const patterns = headFiles.map(([parameter, file]) => ({
        from: file,
        to: templateParameters[parameter].slice(1),
      }));
      plugins.push(new rspack.CopyRspackPlugin({ patterns }));
    }
    plugins.push(
      new rspack.HtmlRspackPlugin({
        title,
        ...(existsSync(template) ? { template } : {}),
        templateParameters,
        scriptLoading: 'defer',
      }),
    );
  }

  return {
    mode,
    context: dirname,
    entry: { main: './src/index.ts' },
    devtool: isProduction ? false : 'cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(dirname, 'dist'),
      // Host pages live at nested paths (/terms, /team-members): their assets need an absolute base.
      // Remotes are served from wherever their manifest is (gateway /remotes/<folder>/ or :500x).
      publicPath: isHost ? '/' : 'auto',
      filename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: isProduction ? '[name].[contenthash:8].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: name,
      // Module Federation's independent shared builds (tree-shaken shared fallbacks) are emitted first.
      clean: { keep: /independent-packages/ },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.mjs', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        ...mfRuntimeEsmAliases(dirname),
        // react-router's server-side helpers' dependencies (see server-only.mjs).
        cookie$: SERVER_ONLY,
        'set-cookie-parser$': SERVER_ONLY,
      },
    },
    module: {
      rules: [
        {
          test: /\.(ts|tsx)$/,
          exclude: /node_modules/,
          // Loaders run last to first: swc strips types and JSX, tokens are inlined, Griffel precomputes makeStyles.
          use: [
            GRIFFEL_LOADER,
            TOKENS_LOADER,
            {
              loader: 'builtin:swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !isProduction } },
                  target: 'es2022',
                },
              },
            },
          ],
          type: 'javascript/auto',
        },
        // web-kit is consumed from its tsc output: its styles are precomputed the same way.
        { test: /[\\/]packages[\\/]web-kit[\\/]dist[\\/].*\.js$/, use: [GRIFFEL_LOADER, TOKENS_LOADER] },
        // Fluent's published styles keep a few module-level `tokens.x` reads: inline them too.
        { test: /[\\/]node_modules[\\/]@fluentui[\\/][^\\/]+[\\/]lib[\\/].*\.js$/, use: [TOKENS_LOADER] },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins,
    optimization: {
      minimize: isProduction,
      // MF needs its own chunk layout; no runtimeChunk: 'single' (it breaks the remote entry).
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

export default createMfConfig;
