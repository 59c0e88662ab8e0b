import { webTestConfig } from '@dealflow/web-build/vitest';

export default webTestConfig({ testTimeout: 20_000 });
