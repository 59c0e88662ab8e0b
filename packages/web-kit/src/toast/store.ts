// The toast service (seed 000 sections 4 and 9, seed 001 sections 8 and 9), independent of React so that
// `toast()` works from anywhere (request handlers, remotes); `<Toaster/>` renders it.

export type TToastVariant = 'default' | 'success' | 'error' | 'loading';

export interface TToastAction {
  label: string;
  onClick: () => void;
}

export interface TToastInput {
  title?: string;
  /** A string, or an error / error-like object (turned into text by the catalogue's rules). */
  description?: unknown;
  /** 'destructive' is accepted as an alias of 'error' (the seed's wording). */
  variant?: TToastVariant | 'destructive';
  /** ms until it closes by itself; Infinity never. Defaults per variant (ToastDurations). */
  duration?: number;
  action?: TToastAction;
}

export interface TToastItem {
  id: string;
  title?: string;
  description?: string;
  variant: TToastVariant;
  duration: number;
  action?: TToastAction;
  open: boolean;
  createdAt: number;
}

export interface TToastHandle {
  id: string;
  dismiss: () => void;
  update: (input: TToastInput) => void;
}

export const TOAST_LIMIT = 5;
export const TOAST_REMOVE_DELAY = 5000;
export const TOAST_FADE_MS = 300;
/** The container is ready about 0.5 s after mount, plus 0.1 s. */
export const TOAST_READY_DELAY = 500;
export const TOAST_READY_EXTRA = 100;
export const TOAST_DEDUPE_WINDOW = 2000;
export const TOAST_TEXT_LIMIT = 200;
/** Seed 001 section 9: error 6000 (5000 via the error helper), success 3000, other 4000, loading never. */
export const ToastDurations = {
  default: 4000,
  success: 3000,
  error: 6000,
  errorHelper: 5000,
  loading: Infinity,
} as const;

export const ToastTexts = {
  technical: 'An error occurred while processing your request',
  unexpected: 'An unexpected error occurred',
  notificationError: 'Notification Error',
  unconvertible: 'Error object could not be converted to text',
} as const;

const TECHNICAL_PATTERNS = [
  /is not a function/i,
  /is not defined/i,
  /cannot read propert/i,
  /cannot set propert/i,
  /is not iterable/i,
  /is not an object/i,
  /undefined is not/i,
  /null is not/i,
  /unexpected token/i,
  /maximum call stack/i,
  /\[object object\]/i,
];

export const isTechnicalMessage = (text: string): boolean => TECHNICAL_PATTERNS.some((p) => p.test(text));

export const cutText = (text: string): string =>
  text.length > TOAST_TEXT_LIMIT ? text.slice(0, TOAST_TEXT_LIMIT) : text;

/** Turn any description into user-facing text: technical messages rewritten, long text cut at 200. */
export function toToastText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value instanceof Error) text = value.message || ToastTexts.unexpected;
  else if (typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
    text = (value as { message: string }).message || ToastTexts.unexpected;
  } else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = ToastTexts.unconvertible;
    }
  }
  if (isTechnicalMessage(text)) return ToastTexts.technical;
  return cutText(text);
}

type TListener = (toasts: readonly TToastItem[]) => void;

let counter = 0;
let toasts: TToastItem[] = [];
let queue: TToastItem[] = [];
let ready = false;
const listeners = new Set<TListener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
const closeTimers = new Map<string, ReturnType<typeof setTimeout>>();
const recent = new Map<string, { at: number; id: string }>();

function emit(): void {
  for (const l of listeners) l(toasts);
}

function scheduleClose(item: TToastItem): void {
  const old = closeTimers.get(item.id);
  if (old) clearTimeout(old);
  closeTimers.delete(item.id);
  if (Number.isFinite(item.duration) && item.duration > 0) {
    closeTimers.set(
      item.id,
      setTimeout(() => dismissToast(item.id), item.duration),
    );
  }
}

function show(item: TToastItem): void {
  toasts = [item, ...toasts];
  // At most TOAST_LIMIT are kept: the oldest go first.
  const dropped = toasts.slice(TOAST_LIMIT);
  toasts = toasts.slice(0, TOAST_LIMIT);
  for (const d of dropped) clearTimers(d.id);
  scheduleClose(item);
  emit();
}

function clearTimers(id: string): void {
  for (const timers of [removeTimers, closeTimers]) {
    const t = timers.get(id);
    if (t) clearTimeout(t);
    timers.delete(id);
  }
}

function normalizeVariant(variant: TToastInput['variant']): TToastVariant {
  return variant === 'destructive' ? 'error' : (variant ?? 'default');
}

export function dismissToast(id?: string): void {
  const targets = id ? toasts.filter((t) => t.id === id && t.open) : toasts.filter((t) => t.open);
  if (id) queue = queue.filter((t) => t.id !== id);
  else queue = [];
  if (targets.length === 0) return;
  toasts = toasts.map((t) => (targets.includes(t) ? { ...t, open: false } : t));
  for (const t of targets) {
    const c = closeTimers.get(t.id);
    if (c) clearTimeout(c);
    closeTimers.delete(t.id);
    if (!removeTimers.has(t.id)) {
      removeTimers.set(
        t.id,
        setTimeout(() => {
          removeTimers.delete(t.id);
          toasts = toasts.filter((x) => x.id !== t.id);
          emit();
        }, TOAST_REMOVE_DELAY),
      );
    }
  }
  emit();
}

function updateToast(id: string, input: TToastInput): void {
  const apply = (t: TToastItem): TToastItem => {
    const variant = input.variant ? normalizeVariant(input.variant) : t.variant;
    return {
      ...t,
      title: input.title !== undefined ? (toToastText(input.title) ?? undefined) : t.title,
      description: input.description !== undefined ? toToastText(input.description) : t.description,
      variant,
      duration: input.duration ?? (input.variant ? ToastDurations[variant] : t.duration),
      action: input.action ?? t.action,
    };
  };
  queue = queue.map((t) => (t.id === id ? apply(t) : t));
  const current = toasts.find((t) => t.id === id);
  if (!current) return;
  const next = apply(current);
  toasts = toasts.map((t) => (t.id === id ? next : t));
  if (next.open) scheduleClose(next);
  emit();
}

/** Show a toast. Identical toasts (same variant, title and text) within 2 s are suppressed. */
export function toast(input: TToastInput | string): TToastHandle {
  const props: TToastInput = typeof input === 'string' ? { title: input } : input;
  const variant = normalizeVariant(props.variant);
  let title = props.title === undefined ? undefined : toToastText(props.title);
  const description = toToastText(props.description);
  if (variant === 'error' && !title && !description) title = ToastTexts.unexpected;
  const key = `${variant}\u0000${title ?? ''}\u0000${description ?? ''}`;
  const now = Date.now();
  const seen = recent.get(key);
  if (seen && now - seen.at < TOAST_DEDUPE_WINDOW) return handle(seen.id);
  const id = String(++counter);
  recent.set(key, { at: now, id });
  for (const [k, v] of recent) if (now - v.at >= TOAST_DEDUPE_WINDOW) recent.delete(k);
  const item: TToastItem = {
    id,
    title,
    description,
    variant,
    duration: props.duration ?? ToastDurations[variant],
    action: props.action,
    open: true,
    createdAt: now,
  };
  if (ready) show(item);
  else queue.push(item);
  return handle(id);
}

function handle(id: string): TToastHandle {
  return { id, dismiss: () => dismissToast(id), update: (input) => updateToast(id, input) };
}

toast.success = (title: string, description?: unknown, duration?: number) =>
  toast({ title, description, variant: 'success', duration });
/** The error helper: 5000 ms; title falls back to 'Notification Error' when only an error is given. */
toast.error = (titleOrError: unknown, description?: unknown, duration?: number) => {
  const hasTitle = typeof titleOrError === 'string' && titleOrError !== '';
  return toast({
    title: hasTitle ? (titleOrError as string) : ToastTexts.notificationError,
    description: hasTitle ? (description ?? ToastTexts.unexpected) : (titleOrError ?? ToastTexts.unexpected),
    variant: 'error',
    duration: duration ?? ToastDurations.errorHelper,
  });
};
toast.loading = (title: string, description?: unknown) => toast({ title, description, variant: 'loading' });
toast.dismiss = (id?: string) => dismissToast(id);

/** Called by `<Toaster/>` once its container is mounted and ready: queued toasts are shown in order. */
export function setToasterReady(isReady: boolean): void {
  ready = isReady;
  if (!ready) return;
  const pending = queue;
  queue = [];
  for (const item of pending) show(item);
}

export function subscribeToasts(listener: TListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): readonly TToastItem[] => toasts;

/** For tests: forget every toast, timer and the ready flag. */
export function resetToasts(): void {
  for (const t of [...removeTimers.values(), ...closeTimers.values()]) clearTimeout(t);
  removeTimers.clear();
  closeTimers.clear();
  recent.clear();
  toasts = [];
  queue = [];
  ready = false;
  emit();
}
