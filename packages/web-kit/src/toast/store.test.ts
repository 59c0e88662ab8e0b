import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TOAST_DEDUPE_WINDOW,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  ToastDurations,
  ToastTexts,
  getToasts,
  resetToasts,
  setToasterReady,
  toast,
} from './store.js';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
  setToasterReady(true);
});
afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

const open = () => getToasts().filter((t) => t.open);

describe('toast service', () => {
  it('shows at most 5 toasts, newest first', () => {
    for (let i = 1; i <= 7; i++) toast({ title: `T${i}` });
    expect(TOAST_LIMIT).toBe(5);
    expect(getToasts().map((t) => t.title)).toEqual(['T7', 'T6', 'T5', 'T4', 'T3']);
  });

  it.each([
    ['success', 3000],
    ['error', 6000],
    ['default', 4000],
  ] as const)('closes a %s toast after %i ms', (variant, ms) => {
    toast({ title: 'x', variant });
    expect(ToastDurations[variant]).toBe(ms);
    vi.advanceTimersByTime(ms - 1);
    expect(open()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(open()).toHaveLength(0);
  });

  it('treats destructive as error', () => {
    toast({ title: 'Checkout Error', variant: 'destructive' });
    expect(getToasts()[0]?.variant).toBe('error');
    expect(getToasts()[0]?.duration).toBe(6000);
  });

  it('closes error-helper toasts after 5000 ms', () => {
    toast.error('Update failed', 'Nope');
    expect(getToasts()[0]?.duration).toBe(5000);
    vi.advanceTimersByTime(5000);
    expect(open()).toHaveLength(0);
  });

  it('never closes a loading toast by itself', () => {
    toast.loading('Working');
    vi.advanceTimersByTime(10 * 60 * 1000);
    expect(open()).toHaveLength(1);
  });

  it('removes a toast 5000 ms after dismissal', () => {
    const handle = toast({ title: 'bye' });
    handle.dismiss();
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('suppresses a duplicate within 2 s and shows it again afterwards', () => {
    const first = toast({ title: 'Saved', variant: 'success' });
    const second = toast({ title: 'Saved', variant: 'success' });
    expect(second.id).toBe(first.id);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(TOAST_DEDUPE_WINDOW);
    toast({ title: 'Saved', variant: 'success' });
    expect(getToasts()).toHaveLength(2);
  });

  it('rewrites technical messages', () => {
    toast({ title: 'Error', description: 'e.map is not a function', variant: 'error' });
    toast({
      title: 'Other error',
      description: new TypeError("Cannot read properties of undefined (reading 'x')"),
      variant: 'error',
    });
    expect(getToasts().map((t) => t.description)).toEqual([ToastTexts.technical, ToastTexts.technical]);
    expect(ToastTexts.technical).toBe('An error occurred while processing your request');
  });

  it('cuts text at 200 characters, including serialised error objects', () => {
    toast({ title: 'Long', description: 'a'.repeat(500) });
    toast({ title: 'Object', description: { code: 'x'.repeat(400) } });
    for (const t of getToasts()) expect(t.description).toHaveLength(200);
  });

  it('uses the fallbacks of the error helper', () => {
    toast.error(new Error(''));
    const [t] = getToasts();
    expect(t?.title).toBe('Notification Error');
    expect(t?.description).toBe('An unexpected error occurred');
  });

  it('says so when an error object cannot be converted to text', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    toast({ title: 'x', description: cyclic });
    expect(getToasts()[0]?.description).toBe('Error object could not be converted to text');
  });

  it('queues toasts until the container is ready, then shows them in order', () => {
    resetToasts();
    toast({ title: 'early 1' });
    toast({ title: 'early 2' });
    expect(getToasts()).toHaveLength(0);
    setToasterReady(true);
    expect(getToasts().map((t) => t.title)).toEqual(['early 2', 'early 1']);
  });

  it('updates a toast in place (loading -> success starts the success timer)', () => {
    const handle = toast.loading('Saving');
    handle.update({ title: 'Saved', variant: 'success' });
    expect(getToasts()[0]).toMatchObject({ title: 'Saved', variant: 'success', duration: 3000 });
    vi.advanceTimersByTime(3000);
    expect(open()).toHaveLength(0);
  });
});
