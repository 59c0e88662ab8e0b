import type { UserConfig } from 'vitest/config';

export function webTestConfig(options?: { testTimeout?: number; setupFiles?: string[] }): UserConfig;
