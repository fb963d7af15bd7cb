import { useSyncExternalStore } from 'react';
import { TOAST_MAX_WIDTH } from './constants';
import type { ToastStore } from './toasts';
import './widgets.css';

/** Visible text, in one place so a translation can wrap it later. */
export const TOAST_TEXT = { close: 'Close notification' } as const;

/**
 * Draws the toasts bottom-right, newest last, in a container at most 350 px wide (spec 000 §2.4, §9).
 * Hovering a toast pauses its countdown; the × closes it.
 */
export function ToastHost({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <div className="sw-toasts" style={{ maxWidth: TOAST_MAX_WIDTH }} aria-live="polite">
      {toasts.map((toast) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: hover only pauses the countdown; nothing is lost without it.
        <div
          key={toast.id}
          className={`sw-toast sw-toast-${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-paused={toast.paused || undefined}
          onMouseEnter={() => store.pause(toast.id)}
          onMouseLeave={() => store.resume(toast.id)}
        >
          <p>{toast.message}</p>
          <button type="button" aria-label={TOAST_TEXT.close} onClick={() => store.close(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
