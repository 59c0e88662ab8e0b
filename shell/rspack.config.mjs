import path from 'node:path';
import { rspack } from '@rspack/core';
import { createMfConfig } from '@dealflow/web-build';

// The remotes are not known at build time: bootstrap.tsx fetches /remotes.json from the gateway and
// registers them, so a remote can be redeployed (or moved) without rebuilding the shell.
const config = createMfConfig({
  name: 'shell',
  dirname: import.meta.dirname,
  isHost: true,
  title: 'Dealflow',
  runtimePlugins: [path.join(import.meta.dirname, 'src/federation/error-load-remote-plugin.ts')],
  // Fluent's themes as stylesheets (webLightTheme on :root, webDarkTheme on :root[data-theme="dark"]) and the
  // script that sets data-theme before the first paint: linked by src/index.html, no flash of the wrong theme.
  headFiles: {
    lightTheme: path.join(import.meta.dirname, 'src/theme/web-light-theme.css'),
    darkTheme: path.join(import.meta.dirname, 'src/theme/web-dark-theme.css'),
    themeInit: path.join(import.meta.dirname, 'src/theme/theme-init.js'),
  },
});

// public/ (the landing page's demo recording and its captions) is copied as is: nothing imports it, so it is
// outside every bundle and the first-load budget, and the browser asks for it only when Play is pressed.
config.plugins.push(
  new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(import.meta.dirname, 'public'), to: '.' }] }),
);

export default config;
