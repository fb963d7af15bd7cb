import { useSyncExternalStore } from 'react';
import type { AlertStore } from './alerts';
import { ALERT_MAX_HEIGHT, ALERT_MAX_WIDTH, ALERT_MIN_WIDTH } from './constants';
import './widgets.css';

/** Visible text of alerts, in one place so a translation can wrap it later. */
export const ALERT_TEXT = {
  titles: { info: 'Information', success: 'Done', error: 'Error', warning: 'Warning' },
  question: 'Please confirm',
  ok: 'OK',
  yes: 'Yes',
  no: 'No',
} as const;

/**
 * Renders open alerts one at a time, oldest first (spec 000 §2.4). OK closes an alert (and runs its
 * onClose); a question has Yes and No. The box is 350–450 px wide and at most 300 px high; a longer
 * message scrolls (§9).
 */
export function AlertHost({ store }: { store: AlertStore }) {
  const alerts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const alert = alerts[0];
  if (!alert) return null;
  return (
    <div className="backdrop" style={{ zIndex: 200 }}>
      <div
        className={`alert alert-${alert.kind}${alert.question ? ' alert-question' : ''}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="alert-title"
        aria-describedby="alert-message"
        style={{
          minWidth: ALERT_MIN_WIDTH,
          maxWidth: ALERT_MAX_WIDTH,
          maxHeight: ALERT_MAX_HEIGHT,
          overflow: 'auto',
        }}
      >
        <h2 id="alert-title">{alert.question ? ALERT_TEXT.question : ALERT_TEXT.titles[alert.kind]}</h2>
        <p id="alert-message">{alert.message}</p>
        {alert.question ? (
          <div className="sw-alert-actions">
            <button type="button" onClick={() => store.answer(alert.id, false)}>
              {ALERT_TEXT.no}
            </button>
            {/* biome-ignore lint/a11y/noAutofocus: a modal dialog must move focus into itself (WAI-ARIA dialog pattern). */}
            <button type="button" className="primary" autoFocus onClick={() => store.answer(alert.id, true)}>
              {ALERT_TEXT.yes}
            </button>
          </div>
        ) : (
          // biome-ignore lint/a11y/noAutofocus: a modal dialog must move focus into itself (WAI-ARIA dialog pattern).
          <button type="button" className="primary" autoFocus onClick={() => store.close(alert.id)}>
            {ALERT_TEXT.ok}
          </button>
        )}
      </div>
    </div>
  );
}
