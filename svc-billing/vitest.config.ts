import { serviceTestConfig } from '@dealflow/service-kit/vitest';

export default serviceTestConfig();
