/**
 * The toast store (spec 000 §2.4, §9): short messages that close themselves after 3000 ms unless a
 * person is hovering over them, and can be closed by hand. Shaped for useSyncExternalStore; ToastHost
 * draws them bottom-right. The timers live here, not in the component, so the rule is unit tested with
 * fake timers and toasts survive the host re-rendering.
 */
import { TOAST_TIMEOUT_MS } from './constants';

export type ToastKind = 'info' | 'success' | 'error' | 'warning';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** 0 keeps the toast until it is closed. */
  timeoutMs: number;
  paused: boolean;
}

export interface ToastOptions {
  kind?: ToastKind;
  /** Default 3000 ms (§9); 0 keeps the toast open until closed. */
  timeoutMs?: number;
}

export interface ToastStore {
  show(message: string, opts?: ToastOptions): number;
  close(id: number): void;
  /** Hover: the countdown stops. */
  pause(id: number): void;
  /** Hover ends: the countdown goes on with the time that was left. */
  resume(id: number): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  startedAt: number;
  remaining: number;
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let next = 1;
  const timers = new Map<number, Timer>();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  const update = (id: number, change: Partial<Toast>) => {
    toasts = toasts.map((t) => (t.id === id ? { ...t, ...change } : t));
    emit();
  };
  const start = (id: number, timer: Timer) => {
    timer.startedAt = Date.now();
    timer.handle = setTimeout(() => store.close(id), timer.remaining);
  };

  const store: ToastStore = {
    show(message, opts = {}) {
      const id = next++;
      const timeoutMs = opts.timeoutMs ?? TOAST_TIMEOUT_MS;
      toasts = [...toasts, { id, kind: opts.kind ?? 'success', message, timeoutMs, paused: false }];
      if (timeoutMs > 0) {
        const timer: Timer = { handle: null, startedAt: 0, remaining: timeoutMs };
        timers.set(id, timer);
        start(id, timer);
      }
      emit();
      return id;
    },
    close(id) {
      const timer = timers.get(id);
      if (timer?.handle) clearTimeout(timer.handle);
      timers.delete(id);
      if (!toasts.some((t) => t.id === id)) return;
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    },
    pause(id) {
      const timer = timers.get(id);
      if (!timer || timer.handle === null) return;
      clearTimeout(timer.handle);
      timer.handle = null;
      timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
      update(id, { paused: true });
    },
    resume(id) {
      const timer = timers.get(id);
      if (!timer || timer.handle !== null) return;
      start(id, timer);
      update(id, { paused: false });
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
