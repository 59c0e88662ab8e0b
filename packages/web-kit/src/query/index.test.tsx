import { describe, expect, it } from 'vitest';
import { createQueryClient } from './index.js';

describe('createQueryClient', () => {
  it('has the seed defaults: never stale, no retries, no refetch on focus, no polling', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(mutations?.retry).toBe(false);
  });
});
