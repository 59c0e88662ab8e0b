import { createMfConfig } from '@dealflow/web-build';
import { exposes, name } from './exposes.mjs';

const config = createMfConfig({
  name,
  dirname: import.meta.dirname,
  exposes,
});
// Each page of this remote in one chunk with what it needs: /login (the budgeted first load) then fetches one
// file for its page instead of the split chunks it shares with the other auth pages (measured on /login: 145.6 -> 143.9 KB gzip, budget 145).
config.optimization.splitChunks = false;

export default config;
