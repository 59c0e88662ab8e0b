import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from './Toaster.js';
import { TOAST_READY_DELAY, TOAST_READY_EXTRA, resetToasts, toast } from './store.js';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.useRealTimers();
});

describe('<Toaster/>', () => {
  it('shows a toast raised before the container was ready once it is (0.5 s + 0.1 s)', () => {
    vi.useFakeTimers();
    resetToasts();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Queued', description: 'hello', variant: 'success' });
    });
    expect(screen.queryByText('Queued')).toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_READY_DELAY + TOAST_READY_EXTRA));
    expect(screen.getByText('Queued')).toBeTruthy();
    expect(screen.getByRole('status').closest('li')?.getAttribute('data-variant')).toBe('success');
  });
});
