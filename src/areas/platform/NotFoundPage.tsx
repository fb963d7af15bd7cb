import { Link, useLocation } from 'react-router-dom';
import { Trans, useT } from '../../i18n';

/** /pages/404 and every address that is not in the route table. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <section className="page" data-testid="not-found">
      <div className="card">
        <h1>{t('Not Found')}</h1>
        <p>
          <Trans t={t} text="There is no screen at {{path}}." values={{ path: <code>{pathname}</code> }} />
        </p>
        <p>
          <Link to="/">{t('Back to the start page')}</Link>
        </p>
      </div>
    </section>
  );
}
