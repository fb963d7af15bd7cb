import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { RecordTwoHourCheck } from '../../../../domain/quality-checks/calls';
import { GetResourceStatus } from '../../../../domain/shopfloor/calls';
import type { ResourceStatus } from '../../../../domain/shopfloor/entities';
import { useServices } from '../../../app/context';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../ui/format';
import { ActionMessages, messageOf, useAction } from '../shared';
import '../shopfloor.css';
import './checks.css';

const QUEUE = '/manufacturing/twohourchecksqueue';

/**
 * /manufacturing/twohourchecks/:resourceId/:checkTime: one two-hour check. The machine, its job and
 * operation (GetResourceStatus) and the slot in plant time; Pass or Fail with notes
 * (shopfloor/RecordTwoHourCheck). A refusal shows beside the form and keeps what was typed; a saved
 * check goes back to the queue.
 */
export function TwoHourCheckPage() {
  const { backgroundApi } = useServices();
  const t = useT();
  const navigate = useNavigate();
  const params = useParams();
  const resourceId = params.resourceId ?? '';
  const checkTime = params.checkTime ?? '';
  const [status, setStatus] = useState<ResourceStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const action = useAction();

  useEffect(() => {
    backgroundApi
      .get(GetResourceStatus, { ResourceID: resourceId })
      .then(setStatus, (e: unknown) => setLoadError(messageOf(e)));
  }, [backgroundApi, resourceId]);

  const validTime = !Number.isNaN(Date.parse(checkTime));
  const save = async (result: 'pass' | 'fail') => {
    const saved = await action.run(() =>
      backgroundApi.post(RecordTwoHourCheck, {
        ResourceID: resourceId,
        CheckTime: checkTime,
        Result: result,
        Notes: notes.trim() || null,
      }),
    );
    if (saved) navigate(QUEUE);
  };

  return (
    <section className="page sf-page" data-testid="check-form">
      <div className="card">
        <h1>{t('Two-hour check')}</h1>
        {loadError && (
          <p className="alert alert-error" role="alert">
            {loadError}
          </p>
        )}
        <dl className="qc-facts">
          <dt>{t('Machine')}</dt>
          <dd data-testid="check-machine">
            {resourceId}
            {status && <span className="muted"> · {status.Description}</span>}
          </dd>
          <dt>{t('Job')}</dt>
          <dd data-testid="check-job">{status?.JobNumber ?? '—'}</dd>
          <dt>{t('Operation')}</dt>
          <dd>
            {status?.Operation ?? '—'}
            {status?.Item && <span className="muted"> · {status.Item}</span>}
          </dd>
          <dt>{t('Check due')}</dt>
          <dd data-testid="check-time">
            {validTime ? formatDateTime(checkTime, status?.PlantID ?? null) : checkTime}
          </dd>
        </dl>
      </div>
      <div className="card">
        <label className="qc-notes">
          {t('Measurements and notes (required for a fail)')}
          <textarea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
        </label>
        <div className="sf-actions" style={{ marginTop: '1rem' }}>
          <button
            type="button"
            className="sf-big qc-pass"
            disabled={action.busy}
            onClick={() => void save('pass')}
          >
            {t('Pass')}
          </button>
          <button
            type="button"
            className="sf-big qc-fail"
            disabled={action.busy}
            onClick={() => void save('fail')}
          >
            {t('Fail')}
          </button>
          <button type="button" className="sf-big" disabled={action.busy} onClick={() => navigate(QUEUE)}>
            {t('Back to the queue')}
          </button>
        </div>
        <ActionMessages error={action.error} testId="check-error" />
      </div>
    </section>
  );
}
