import { describe, expect, it } from 'vitest';
import { countThisMonth } from './pipeline.js';
import type { TEmailList, TEmailRecord } from './records-api.js';

const record = (id: number, receivedAt: Date) =>
  ({ id, receivedAt: receivedAt.toISOString() }) as TEmailRecord;

describe('pipeline count this month', () => {
  const now = new Date(2026, 10, 21, 12);

  it('counts the records received since the first of the month and stops at the first older one', async () => {
    const pages: TEmailList[] = [
      { data: Array.from({ length: 100 }, (_, i) => record(i + 1, new Date(2026, 10, 20))), total: 150 },
      {
        data: [record(101, new Date(2026, 10, 1, 0, 5)), record(102, new Date(2026, 9, 31, 23))],
        total: 150,
      },
    ];
    const asked: number[] = [];
    const result = await countThisMonth('completed', now, async (page) => {
      asked.push(page);
      return pages[page - 1]!;
    });
    expect(result).toEqual({ status: 'completed', count: 101, isAtLeast: false });
    expect(asked).toEqual([1, 2]);
  });

  it('is zero for an empty list', async () => {
    const result = await countThisMonth('failed', now, async () => ({ data: [], total: 0 }));
    expect(result.count).toBe(0);
  });
});
