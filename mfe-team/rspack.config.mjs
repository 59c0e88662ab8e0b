import { createMfConfig } from '@dealflow/web-build';
import { exposes, name } from './exposes.mjs';

export default createMfConfig({
  name,
  dirname: import.meta.dirname,
  exposes,
});
