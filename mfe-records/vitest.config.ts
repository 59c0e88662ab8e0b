import { webTestConfig } from '@dealflow/web-build/vitest';

// Unmounting between tests comes from ./src/test/setup.ts (vitest runs without globals).
export default webTestConfig({ setupFiles: ['src/test/setup.ts'] });
