import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useBlocker } from 'react-router-dom';
import type { HubStatus } from '../../machines/hub-connection.machine';
import { isSaving } from '../../machines/post-queue.machine';
import { saveWaitMachine, waitMessage } from '../../machines/save-wait.machine';
import { useHubStatus, useLoading, useSaveStatus, useServices, useUser } from './context';

const hubLabels: Record<HubStatus, { text: string; title: string }> = {
  live: { text: 'Live', title: 'Connected: changes made elsewhere show here at once.' },
  connecting: { text: 'Connecting…', title: 'Connecting to live updates.' },
  reconnecting: { text: 'Reconnecting…', title: 'Live updates paused; reconnecting. Your edits are kept.' },
  offline: { text: 'Offline', title: 'No live updates; retrying. Your edits are kept and sent once back.' },
};

/** The hub connection indicator next to the save status. */
function HubIndicator() {
  const status = useHubStatus();
  const label = hubLabels[status];
  return (
    <span
      className={`hub-state hub-${status}`}
      data-testid="hub-state"
      data-state={status}
      title={label.title}
    >
      <span className="hub-dot" aria-hidden="true" />
      {label.text}
    </span>
  );
}

/**
 * The frame around every logged-in screen: who is logged in, what is saving, failed saves, logout.
 * Navigation waits while a save is in progress (spec 000 §2.3), modelled by the save-wait machine.
 */
export function AppShell() {
  const { session, queue } = useServices();
  const user = useUser();
  const loading = useLoading();
  const save = useSaveStatus();
  const [showFailed, setShowFailed] = useState(false);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );
  const proceedRef = useRef<() => void>(() => undefined);
  const saveWait = useActorRef(
    saveWaitMachine.provide({
      guards: { isSaving: () => isSaving(queue.getSnapshot()) },
      actions: { proceed: () => proceedRef.current() },
    }),
  );
  const message = useSelector(saveWait, waitMessage);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    proceedRef.current = () => blocker.proceed();
    saveWait.send({ type: 'nav.request', to: blocker.location.pathname });
  }, [blocker, saveWait]);

  return (
    <div className="shell">
      <header className="topbar">
        <Link to="/intro" className="brand">
          <span className="logo small" aria-hidden="true">
            SW
          </span>
          Steelworks
        </Link>
        {/* The per-interface menus of the route table come with the shell issue. */}
        <nav className="topnav" aria-label="Main">
          <Link to="/intro">Start</Link>
          <Link to="/connections">Connections</Link>
        </nav>
        <HubIndicator />
        <span className="status" role="status" aria-live="polite" data-testid="save-status">
          {save.text}
        </span>
        {save.failed.length ? (
          <button type="button" className="warning" onClick={() => setShowFailed((v) => !v)}>
            Failed saves ({save.failed.length})
          </button>
        ) : null}
        <span className="spacer" />
        <span className="who">{user?.Name}</span>
        <button type="button" onClick={() => session.send({ type: 'session.logout' })}>
          Log out
        </button>
      </header>
      <div className={loading ? 'loading-bar active' : 'loading-bar'} aria-hidden={!loading} />
      {showFailed && save.failed.length ? (
        <aside className="card failed-saves" aria-label="Failed saves">
          <h2>Failed saves</h2>
          <p className="muted">
            These changes were refused or could not be sent. Nothing is lost until you discard it.
          </p>
          <ul>
            {save.failed.map((f) => (
              <li key={f.postId}>
                <code>{f.path}</code> {String(f.body.FieldName ?? '')} — {f.error}
                <button type="button" onClick={() => queue.send({ type: 'queue.retry', postId: f.postId })}>
                  Retry
                </button>
                <button type="button" onClick={() => queue.send({ type: 'queue.discard', postId: f.postId })}>
                  Discard
                </button>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
      <main className="content">
        <Outlet />
      </main>
      {message ? (
        // Cannot be closed: no close button, and the backdrop does nothing (spec 000 §2.3).
        <div className="backdrop" style={{ zIndex: 150 }}>
          <div className="alert alert-info" role="alertdialog" aria-live="assertive">
            <p>{message}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
