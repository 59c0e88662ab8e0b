import { webTestConfig } from '@dealflow/web-build/vitest';

export default webTestConfig();
