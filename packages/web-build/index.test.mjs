// `node --test`: the shared config keeps the decisions the apps rely on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMfConfig, createSharedConfig, FLUENT_SHARED_PACKAGES, ROUTER_EXPORTS } from './index.mjs';

const federationOptions = (config) => config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin')._options;

test('a remote gets publicPath auto, content hashes, a manifest, loaded-first and no dts', () => {
  const config = createMfConfig({ name: 'mfe_auth', dirname: '/tmp/mfe-auth', exposes: { './LoginPage': './src/pages/LoginPage.tsx' } });
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
  assert.deepEqual(federationOptions(config).experiments, { provideExternalRuntime: true, optimization: { target: 'web' } });
});

test('singletons: react, router, query, web-kit and the granular Fluent packages, never the barrel', () => {
  const shared = createSharedConfig();
  for (const name of ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query', '@dealflow/web-kit', ...FLUENT_SHARED_PACKAGES]) {
    assert.equal(shared[name]?.singleton, true, name);
  }
  assert.equal(shared['@fluentui/react-components'], undefined);
  for (const name of FLUENT_SHARED_PACKAGES) assert.equal(shared[name].requiredVersion, false);
  assert.deepEqual(shared['react-router-dom'].treeShaking.usedExports, ROUTER_EXPORTS);
  assert.ok(ROUTER_EXPORTS.includes('useSearchParams'));
});
