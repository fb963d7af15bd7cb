import { Link, useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { MyActivityPage } from './MyActivityPage';
import { parseTraveler } from './traveler';

/** The route's singleActivity: only an explicit yes starts alone; anything else offers a team. */
export const isSingle = (value: string | undefined) => /^(true|1|yes|single)$/i.test(value ?? '');

/**
 * /manufacturing/startdirectactivity/:singleActivity/:travelerjson — what a traveler's QR code (or
 * another screen) opens: My Activity with machine, job and operation filled from the traveler JSON, the
 * operator taps Start work, and is back on My Activity. A single activity offers no team members. A
 * code that is not a traveler says so and fills nothing.
 */
export function StartDirectActivityPage() {
  const t = useT();
  const navigate = useNavigate();
  const { singleActivity, travelerjson = '' } = useParams();
  const traveler = parseTraveler(travelerjson);
  if (!traveler) {
    return (
      <section className="page sf-page">
        <div className="card">
          <h1>{t('Start Direct Activity')}</h1>
          <p className="alert alert-error" role="alert" data-testid="traveler-error">
            {t('That is not a traveler code. Scan again or type job and operation.')}
          </p>
          <Link to="/manufacturing/myactivity" className="sf-big">
            {t('My Activity')}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <MyActivityPage
      traveler={traveler}
      single={isSingle(singleActivity)}
      onStarted={() => navigate('/manufacturing/myactivity', { replace: true })}
    />
  );
}
