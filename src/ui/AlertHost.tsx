import { useSyncExternalStore } from 'react';
import type { AlertStore } from './alerts';

const titles = { info: 'Information', success: 'Done', error: 'Error', warning: 'Warning' } as const;

/** Renders open alerts one at a time, oldest first; OK closes it (and runs its onClose). */
export function AlertHost({ store }: { store: AlertStore }) {
  const alerts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const alert = alerts[0];
  if (!alert) return null;
  return (
    <div className="backdrop" style={{ zIndex: 200 }}>
      <div
        className={`alert alert-${alert.kind}`}
        role="alertdialog"
        aria-labelledby="alert-title"
        aria-describedby="alert-message"
      >
        <h2 id="alert-title">{titles[alert.kind]}</h2>
        <p id="alert-message">{alert.message}</p>
        {/* biome-ignore lint/a11y/noAutofocus: a modal dialog must move focus into itself (WAI-ARIA dialog pattern). */}
        <button type="button" className="primary" autoFocus onClick={() => store.close(alert.id)}>
          OK
        </button>
      </div>
    </div>
  );
}
