import { Link } from 'react-router-dom';
import { isTvPath } from '../../../domain/platform/interfaces';
import { displayPath, type ScreenRoute } from '../../../domain/platform/routes';
import { Trans, useT } from '../../i18n';

/** Honest placeholder: a screen of the route table that is not built yet says so, with its name. */
export function NotBuiltPage({ screen }: { screen: ScreenRoute }) {
  const t = useT();
  return (
    <section className="page" data-testid="not-built" data-screen={screen.name}>
      <div className="card">
        <h1>{t(screen.title)}</h1>
        <p>
          <strong>{t('Not built yet.')}</strong>{' '}
          <Trans
            t={t}
            text="The {{name}} screen ({{path}}) is part of the product's route table but is not in this version yet."
            values={{ name: t(screen.title), path: <code>{displayPath(screen.path)}</code> }}
          />
        </p>
        <p>
          {/* A TV has no login: its start page is the TV chooser. */}
          <Link to={isTvPath(screen.path) ? '/tv/start' : '/'}>{t('Back to the start page')}</Link>
        </p>
      </div>
    </section>
  );
}
