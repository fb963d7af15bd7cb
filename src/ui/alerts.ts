/**
 * The alert store: info, success, error and warning alerts (spec 000 §2.4). An alert with the same key
 * as an open one is suppressed. Shaped for useSyncExternalStore. The full widget set (toasts, questions,
 * translation of messages) is the shell issue's; this is what the session and request layer need now.
 */
export type AlertKind = 'info' | 'success' | 'error' | 'warning';

export interface Alert {
  id: number;
  kind: AlertKind;
  message: string;
  key: string;
  onClose?: () => void;
}

export interface AlertStore {
  show(kind: AlertKind, message: string, opts?: { key?: string; onClose?: () => void }): void;
  close(id: number): void;
  getSnapshot(): readonly Alert[];
  subscribe(listener: () => void): () => void;
}

export function createAlertStore(): AlertStore {
  let alerts: readonly Alert[] = [];
  let next = 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    show(kind, message, opts = {}) {
      const key = opts.key ?? `${kind}:${message}`;
      if (alerts.some((a) => a.key === key)) return;
      alerts = [...alerts, { id: next++, kind, message, key, onClose: opts.onClose }];
      emit();
    },
    close(id) {
      const alert = alerts.find((a) => a.id === id);
      if (!alert) return;
      alerts = alerts.filter((a) => a.id !== id);
      emit();
      alert.onClose?.();
    },
    getSnapshot: () => alerts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
