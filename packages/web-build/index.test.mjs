// `node --test`: the shared config keeps the decisions the apps rely on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createMfConfig,
  createSharedConfig,
  FLUENT_SHARED_PACKAGES,
  GRIFFEL_EXPORTS,
  QUERY_EXPORTS,
  RETRY_RUNTIME_PLUGIN,
  ROUTER_EXPORTS,
} from './index.mjs';

const federationOptions = (config) =>
  config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin')._options;

test('a remote gets publicPath auto, content hashes, a manifest, loaded-first and no dts', () => {
  const config = createMfConfig({
    name: 'mfe_auth',
    dirname: '/tmp/mfe-auth',
    exposes: { './LoginPage': './src/pages/LoginPage.tsx' },
  });
  assert.equal(config.output.publicPath, 'auto');
  assert.match(config.output.filename, /contenthash/);
  assert.equal(config.mode, 'production');
  assert.equal(config.entry.main, './src/index.ts');
  const mf = federationOptions(config);
  assert.equal(mf.name, 'mfe_auth');
  assert.deepEqual(mf.exposes, { './LoginPage': './src/pages/LoginPage.tsx' });
  assert.equal(mf.shareStrategy, 'loaded-first');
  assert.equal(mf.dts, false);
  assert.deepEqual(mf.manifest, { fileName: 'mf-manifest.json' });
  assert.deepEqual(mf.experiments, { externalRuntime: true, optimization: { target: 'web' } });
});

test('the host gets an absolute publicPath, an HTML page and provides the MF runtime', () => {
  const config = createMfConfig({ name: 'shell', dirname: '/tmp/shell', isHost: true });
  assert.equal(config.output.publicPath, '/');
  assert.ok(config.plugins.some((p) => p.constructor.name === 'HtmlRspackPlugin'));
  assert.deepEqual(federationOptions(config).experiments, {
    provideExternalRuntime: true,
    optimization: { target: 'web' },
  });
});

test("the host's head files are copied under a content hash and their URLs passed to the template", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  const script = path.join(dir, 'theme-init.js');
  writeFileSync(script, 'document.documentElement.dataset.theme = "dark";');
  const config = createMfConfig({
    name: 'shell',
    dirname: dir,
    isHost: true,
    headFiles: { themeInit: script },
  });
  const html = config.plugins.find((p) => p.constructor.name === 'HtmlRspackPlugin');
  const url = html._args[0].templateParameters.themeInit;
  assert.match(url, /^\/theme-init\.[0-9a-f]{8}\.js$/);
  const copy = config.plugins.find((p) => p.constructor.name === 'CopyRspackPlugin');
  assert.deepEqual(copy._args[0].patterns, [{ from: script, to: url.slice(1) }]);
  writeFileSync(script, 'document.documentElement.dataset.theme = "light";');
  const changed = createMfConfig({
    name: 'shell',
    dirname: dir,
    isHost: true,
    headFiles: { themeInit: script },
  });
  const changedHtml = changed.plugins.find((p) => p.constructor.name === 'HtmlRspackPlugin');
  assert.notEqual(changedHtml._args[0].templateParameters.themeInit, url);
});

test('singletons: react, router, query, web-kit and the granular Fluent packages, never the barrel', () => {
  const shared = createSharedConfig();
  for (const name of [
    'react',
    'react-dom',
    'react-router-dom',
    '@tanstack/react-query',
    '@dealflow/web-kit',
    ...FLUENT_SHARED_PACKAGES,
  ]) {
    assert.equal(shared[name]?.singleton, true, name);
  }
  assert.equal(shared['@fluentui/react-components'], undefined);
  for (const name of FLUENT_SHARED_PACKAGES) assert.equal(shared[name].requiredVersion, false);
  assert.deepEqual(shared['react-router-dom'].treeShaking.usedExports, ROUTER_EXPORTS);
  assert.ok(ROUTER_EXPORTS.includes('useSearchParams'));
  assert.equal(
    createMfConfig({ name: 'shell', dirname: '/tmp/shell', isHost: true }).resolve.alias['cookie$'],
    path.join(import.meta.dirname, 'server-only.mjs'),
  );
  assert.deepEqual(shared['@tanstack/react-query'].treeShaking.usedExports, QUERY_EXPORTS);
  assert.equal(
    shared['@fluentui/react-tabster'],
    undefined,
    'react-tabster is bundled per app; tabster and keyborg are shared',
  );
  for (const name of ['tabster', 'keyborg']) assert.equal(shared[name]?.singleton, true, name);
});

test('every app imports from the tree-shaken shared packages only what their shared builds keep', async () => {
  const root = path.join(import.meta.dirname, '..', '..');
  const sources = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      // Tests and test helpers run under vitest, never in a bundle: they may import anything.
      else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !/[\\/](testing|test)[\\/]/.test(full)
      )
        sources.push(full);
    }
  };
  for (const app of ['shell', 'mfe-auth', 'mfe-team', 'mfe-billing', 'mfe-records', 'packages/web-kit'])
    walk(path.join(root, app, 'src'));
  const kept = { '@tanstack/react-query': QUERY_EXPORTS, 'react-router-dom': ROUTER_EXPORTS };
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    for (const [pkg, exports] of Object.entries(kept)) {
      for (const match of text.matchAll(new RegExp(`import\\s+\\{([^}]*)\\}\\s+from\\s+'${pkg}'`, 'g'))) {
        const names = match[1]
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '));
        for (const name of names)
          assert.ok(
            exports.includes(name.split(/\s+as\s+/)[0]),
            `${path.relative(root, file)} imports ${name} from ${pkg}`,
          );
      }
    }
  }
  assert.ok(sources.length > 20);
});

test('Fluent token reads become their CSS variables; anything else is left alone', async () => {
  const { inlineTokens } = await import('./fluent-tokens-loader.mjs');
  const source = [
    'import { shorthands, tokens } from "@fluentui/react-theme";',
    'const pad = tokens.spacingHorizontalXXS;',
    'const border = `calc(${tokens.strokeWidthThin} + 0.25px)`;',
    'const other = theme.tokens.spacingHorizontalXXS, unknown = tokens.notAToken, computed = tokens[key];',
  ].join('\n');
  const out = inlineTokens(source);
  assert.match(out, /const pad = "var\(--spacingHorizontalXXS\)";/);
  assert.match(out, /calc\(\$\{"var\(--strokeWidthThin\)"\} \+ 0\.25px\)/);
  assert.match(out, /theme\.tokens\.spacingHorizontalXXS/);
  assert.match(out, /tokens\.notAToken/);
  assert.match(out, /tokens\[key\]/);
  // A module that does not import Fluent's tokens keeps its own `tokens`.
  const local = 'const tokens = { a: 1 }; use(tokens.colorBrandBackground);';
  assert.equal(inlineTokens(local), local);
});

test('the MF runtime is bundled from its ESM builds (tree-shaken), and @griffel/react keeps only precomputed-style exports', () => {
  const config = createMfConfig({
    name: 'shell',
    dirname: path.join(import.meta.dirname, '..', '..', 'shell'),
    isHost: true,
  });
  const aliases = Object.entries(config.resolve.alias).filter(([from]) =>
    from.includes('@module-federation'),
  );
  assert.ok(
    aliases.some(([from]) => from.endsWith(path.join('webpack-bundler-runtime', 'dist', 'index.cjs'))),
  );
  // The retry plugin's own copy of the SDK is the runtime's ESM SDK too (a bare import, so no .cjs path).
  const sdk = Object.fromEntries(aliases)['@module-federation/sdk$'];
  assert.ok(sdk && aliases.some(([from, to]) => from.endsWith('.cjs') && to === sdk));
  for (const [from, to] of aliases) {
    assert.match(from, /\.cjs$|^@module-federation\/sdk\$$/);
    assert.match(to, /\.m?js$/);
    assert.ok(existsSync(to), to);
  }
  const griffel = createSharedConfig()['@griffel/react'];
  assert.deepEqual(griffel.treeShaking, { mode: 'runtime-infer', usedExports: GRIFFEL_EXPORTS });
  assert.ok(!GRIFFEL_EXPORTS.includes('makeStyles'), 'makeStyles calls are precomputed at build time');
});

test("no built app ships Fluent's tokens object (skipped before `npm run build`)", (t) => {
  const root = path.join(import.meta.dirname, '..', '..');
  const apps = ['shell', 'mfe-auth', 'mfe-team', 'mfe-billing', 'mfe-records'].map((app) =>
    path.join(root, app, 'dist'),
  );
  if (!apps.every((dist) => existsSync(dist))) return t.skip('apps not built');
  for (const dist of apps) {
    for (const file of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(path.join(dist, file), 'utf8');
      // The tokens object maps every token to its variable: this pair only appears in it.
      assert.ok(
        !text.includes('colorNeutralForeground1Hover:"var(--colorNeutralForeground1Hover)"'),
        `${dist}/${file} ships Fluent's tokens object`,
      );
    }
  }
});

test("web-kit's TRemoteId is generated from the remotes' exposes maps (run `npm run remote-ids -w @dealflow/web-build`)", async () => {
  const { isRemoteIdsFileCurrent, readRemoteIds } = await import('./remote-ids.mjs');
  assert.ok(await isRemoteIdsFileCurrent(), 'packages/web-kit/src/remote/remote-ids.ts is stale');
  const ids = await readRemoteIds();
  assert.ok(ids.includes('mfe_billing/AccessPanel') && ids.includes('mfe_auth/LoginPage'));
  assert.equal(new Set(ids).size, ids.length);
});

test('the host, and only the host, loads the retry runtime plugin first', () => {
  const host = federationOptions(
    createMfConfig({ name: 'shell', dirname: '/tmp/shell', isHost: true, runtimePlugins: ['/x.ts'] }),
  );
  assert.deepEqual(host.runtimePlugins, [RETRY_RUNTIME_PLUGIN, '/x.ts']);
  const remote = federationOptions(createMfConfig({ name: 'mfe_x', dirname: '/tmp/mfe-x' }));
  assert.deepEqual(remote.runtimePlugins, []);
});

test('the retry plugin asks again for an exposed module whose chunk failed once, and gives up after its retries', async () => {
  const { default: retryRuntimePlugin, SCRIPT_RETRIES } = await import('./retry-runtime-plugin.mjs');
  const plugin = retryRuntimePlugin();
  const factory = () => ({ default: 'page' });
  let calls = 0;
  const flaky = {
    get: async () => {
      calls += 1;
      if (calls === 1) throw new Error('Loading chunk 53 failed (404)');
      return factory;
    },
  };
  const moduleInfo = { name: 'mfe_auth', entry: '/remotes/mfe-auth/mf-manifest.json' };
  assert.equal(
    await plugin.getModuleFactory({ remoteEntryExports: flaky, expose: './LoginPage', moduleInfo }),
    factory,
  );
  assert.equal(calls, 2);

  let broken = 0;
  const gone = {
    get: async () => {
      broken += 1;
      throw new Error('Loading chunk 53 failed (404)');
    },
  };
  await assert.rejects(
    plugin.getModuleFactory({ remoteEntryExports: gone, expose: './LoginPage', moduleInfo }),
    /Loading chunk 53 failed/,
  );
  assert.equal(broken, 1 + SCRIPT_RETRIES);
});

test('the retry plugin fetches a manifest again, the last time with a cache-busting query', async () => {
  const { default: retryRuntimePlugin, MANIFEST_RETRIES } = await import('./retry-runtime-plugin.mjs');
  const plugin = retryRuntimePlugin();
  const realFetch = globalThis.fetch;
  const asked = [];
  try {
    globalThis.fetch = async (url) => {
      asked.push(String(url));
      return String(url).includes('mf_retry=')
        ? new globalThis.Response('{"name":"mfe_auth"}', {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new globalThis.Response('{"message":"Not found"}', { status: 404 });
    };
    const manifest = 'http://localhost/remotes/mfe-auth/mf-manifest.json';
    const response = await plugin.fetch(manifest, {});
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { name: 'mfe_auth' });
    assert.equal(asked.length, 1 + MANIFEST_RETRIES + 1);
    assert.deepEqual(asked.slice(0, -1), Array(1 + MANIFEST_RETRIES).fill(manifest));
    assert.match(asked.at(-1), /^http:\/\/localhost\/remotes\/mfe-auth\/mf-manifest\.json\?mf_retry=\d+$/);
  } finally {
    globalThis.fetch = realFetch;
  }
});
