import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { GetLoginPageMessages, type ShownLoginMessage } from '../../../domain/platform/login-page-messages';
import { useCore } from '../../app/context';
import { afterLoginPath, shellState } from '../../app/shell-state';
import { useT } from '../../i18n';

/** /pages/login: the one screen everyone sees first. A logged-in user is sent on (spec 000 §2.3). */
export function LoginPage() {
  const { session } = useCore();
  const state = useSelector(session, (s) => s.value);
  const error = useSelector(session, (s) => (s.matches('loggedOut') ? s.context.error : null));
  const employeeId = useSelector(session, (s) => s.context.user?.EmployeeID ?? null);
  // Where the user was going when sent here (spec 000 §2.3), taken once: Home by default.
  const [afterLogin] = useState(() => shellState.peekAfterLogin());
  const t = useT();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');

  if (state === 'loggedIn') {
    shellState.setAfterLogin(null);
    // Another person's last address is not this one's: they start at their own Home (issue 15).
    const next = employeeId === null ? null : afterLoginPath(afterLogin, employeeId);
    return <Navigate to={next && next !== '/pages/login' ? next : '/'} replace />;
  }
  const busy = state === 'loggingIn';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!userName.trim() || !password) return;
    session.send({ type: 'session.login', userName: userName.trim(), password });
  }

  return (
    <main className="login">
      <section className="login-brand">
        <div className="logo" aria-hidden="true">
          SW
        </div>
        <h1>Steelworks</h1>
        <p>{t('Planning, scheduling, shop floor and field installation for every plant, live.')}</p>
      </section>
      <form className="login-card" onSubmit={submit} aria-label={t('Log in')}>
        <h2>{t('Log in')}</h2>
        <LoginPageMessages />
        <label>
          {t('User name')}
          <input
            name="username"
            autoComplete="username"
            // biome-ignore lint/a11y/noAutofocus: the login page exists only to type a user name into this field.
            autoFocus
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
            required
          />
        </label>
        <label>
          {t('Password')}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        {error ? (
          <p className="form-error" role="alert">
            {t(error)}
          </p>
        ) : null}
        <button className="primary" type="submit" disabled={busy}>
          {busy ? t('Logging in…') : t('Log in')}
        </button>
      </form>
    </main>
  );
}

/**
 * The messages of /config/loginpagemessage showing now. Read when the page opens and again when its
 * window comes back into focus, not followed live: nobody is logged in here, so there is no hub
 * connection to follow a topic on, and the login page's JavaScript stays within its budget.
 */
function LoginPageMessages() {
  const { backgroundApi } = useCore();
  const [messages, setMessages] = useState<ShownLoginMessage[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      backgroundApi.get(GetLoginPageMessages, {}).then(
        (shown) => live && setMessages(shown),
        () => undefined,
      );
    void read();
    window.addEventListener('focus', read);
    return () => {
      live = false;
      window.removeEventListener('focus', read);
    };
  }, [backgroundApi]);
  if (!messages.length) return null;
  return (
    <div className="login-messages" data-testid="login-messages">
      {messages.map((m) => (
        <p key={m.LoginMessageID} className={`login-message login-message-${m.Severity}`} role="status">
          {m.Message}
        </p>
      ))}
    </div>
  );
}
