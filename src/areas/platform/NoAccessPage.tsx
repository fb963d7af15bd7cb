import { Link } from 'react-router-dom';
import type { ScreenRoute } from '../../../domain/platform/routes';
import { useT } from '../../i18n';

/** A logged-in user without any of a screen's flags sees why, not the screen (the server refuses its calls anyway). */
export function NoAccessPage({ screen }: { screen: ScreenRoute }) {
  const t = useT();
  return (
    <section className="page" data-testid="no-access" data-screen={screen.name}>
      <div className="card">
        <h1>{t(screen.title)}</h1>
        <p>{t('You do not have access to the {{name}} screen.', { name: t(screen.title) })}</p>
        {screen.flags.length ? (
          <p className="muted">
            {t('It needs one of these permissions: {{flags}}.', { flags: screen.flags.join(', ') })}
          </p>
        ) : null}
        <p>
          <Link to="/">{t('Back to the start page')}</Link>
        </p>
      </div>
    </section>
  );
}
