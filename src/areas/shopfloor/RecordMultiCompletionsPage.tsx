import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { GetMyActivity } from '../../../domain/shopfloor/calls';
import type { MyActivity } from '../../../domain/shopfloor/entities';
import { facesTopic } from '../../../domain/shopfloor/live';
import { useServices, useUser } from '../../app/context';
import { useTopicRefresh } from '../../app/use-topic';
import { useT } from '../../i18n';
import { Completions } from './MyActivityPage';
import { FaceCard, messageOf } from './shared';
import './shopfloor.css';

/**
 * /manufacturing/recordmulticompletions/:multiActivityId — pieces for a team's work: the activity is
 * the team lead's open direct activity (the members' activities point to it), and pieces recorded on it
 * count for the whole team's run. Only the lead's own open activity can be recorded here; the server
 * checks that again (shopfloor/RecordCompletions). Anything else says so and links to My Activity.
 */
export function RecordMultiCompletionsPage() {
  const t = useT();
  const { backgroundApi } = useServices();
  const user = useUser();
  const plantId = user?.PlantID ?? 1;
  const { multiActivityId = '' } = useParams();
  const id = /^\d{1,9}$/.test(multiActivityId) ? Number(multiActivityId) : null;
  const [state, setState] = useState<MyActivity | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    backgroundApi.get(GetMyActivity, {}).then(
      (s) => {
        setState(s);
        setError(null);
      },
      (e: unknown) => setError(messageOf(e)),
    );
  }, [backgroundApi]);
  useEffect(load, [load]);
  useTopicRefresh(facesTopic(plantId), load, 150);

  const activity = state?.Activity ?? null;
  const mine = id !== null && activity?.Direct === true && activity.LaborActivityID === id;
  return (
    <section className="page sf-page" data-testid="multi-completions">
      <div className="card">
        <h1>{t('Record Multi Completions')}</h1>
        {error && <p className="alert alert-error">{error}</p>}
        {!state && !error && <p className="muted">{t('Loading…')}</p>}
        {state && <FaceCard face={state.Face} plantId={plantId} />}
        {state && !mine && (
          <p className="alert alert-error" role="alert" data-testid="multi-not-mine">
            {t('Activity {{id}} is not your open work on a job. My Activity shows what you are on.', {
              id: multiActivityId,
            })}{' '}
            <Link to="/manufacturing/myactivity">{t('My Activity')}</Link>
          </p>
        )}
        {state && mine && (
          <p className="muted" data-testid="multi-team">
            {state.Face.TeamMembers.length
              ? t('Pieces recorded here count for the whole team: {{names}}.', {
                  names: [state.Face.Name, ...state.Face.TeamMembers.map((m) => m.Name)].join(', '),
                })
              : t('You work alone on this job: pieces recorded here are yours.')}
          </p>
        )}
      </div>
      {state && mine && activity && (
        <Completions
          activityId={activity.LaborActivityID}
          completions={state.CompletionsToday}
          plantId={plantId}
          onDone={load}
        />
      )}
    </section>
  );
}
