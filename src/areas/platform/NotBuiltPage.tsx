import { Link, useLocation } from 'react-router-dom';
import { Trans, useT } from '../../i18n';

/** Honest placeholder: a screen of the route table that is not built yet says so (never a fake screen). */
export function NotBuiltPage() {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <section className="page">
      <div className="card">
        <h1>{t('Not built yet')}</h1>
        <p>
          <Trans
            t={t}
            text="The screen at {{path}} is not part of this version yet."
            values={{ path: <code>{pathname}</code> }}
          />
        </p>
        <p>
          <Link to="/intro">{t('Back to the start page')}</Link>
        </p>
      </div>
    </section>
  );
}
