import path from 'node:path';
import { createMfConfig } from '@dealflow/web-build';

// The remotes are not known at build time: bootstrap.tsx fetches /remotes.json from the gateway and
// registers them, so a remote can be redeployed (or moved) without rebuilding the shell.
export default createMfConfig({
  name: 'shell',
  dirname: import.meta.dirname,
  isHost: true,
  title: 'Dealflow',
  runtimePlugins: [path.join(import.meta.dirname, 'src/federation/error-load-remote-plugin.ts')],
});
