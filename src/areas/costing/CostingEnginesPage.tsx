import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useServices, useUser } from '../../app/context';
import { usePlants } from '../../app/plants';
import { useT } from '../../i18n';
import { formatDateTime } from '../../ui/format';
import { canEditEngines, statusWords, useEngineList } from './shared';
import './costing.css';

/**
 * /costing/engines (Costing Engines): every engine version by resource, with its status and who made
 * it when; filtered by plant and resource. Each row opens in the editor or the test screen.
 */
export function CostingEnginesPage() {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const plants = usePlants(backgroundApi);
  const { rows, error, reload } = useEngineList(backgroundApi, true);
  const [plantId, setPlantId] = useState<string>('');
  const [filter, setFilter] = useState('');
  const [showRetired, setShowRetired] = useState(false);
  const editor = canEditEngines(user);

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (rows ?? []).filter(
      (r) =>
        (plantId === '' || String(r.PlantID) === plantId) &&
        (showRetired || r.Status !== 'retired') &&
        (!f || r.ResourceID.toLowerCase().includes(f) || r.Name.toLowerCase().includes(f)),
    );
  }, [rows, plantId, filter, showRetired]);

  const plantName = (id: number | null) => plants?.find((p) => p.PlantID === id)?.PlantName ?? '';
  const usedPlants = useMemo(() => [...new Set((rows ?? []).map((r) => r.PlantID))], [rows]);

  return (
    <section className="page costing">
      <div className="card">
        <div className="row spread">
          <h1>{t('Costing Engines')}</h1>
          <span className="muted">
            {rows
              ? t('{{n}} resources with an engine', { n: new Set(rows.map((r) => r.ResourceID)).size })
              : ''}
          </span>
        </div>
        <p className="muted">
          {t(
            'Each machine (resource) has versioned rules that compute production and setup minutes from the operation and the part. The active version is the one the production plan uses.',
          )}
        </p>
        <div className="toolbar">
          <label className="row">
            {t('Plant')}
            <select name="plant" value={plantId} onChange={(e) => setPlantId(e.target.value)}>
              <option value="">{t('All plants')}</option>
              {usedPlants.map((id) => (
                <option key={String(id)} value={String(id)}>
                  {plantName(id) || String(id ?? '—')}
                </option>
              ))}
            </select>
          </label>
          <label className="row">
            {t('Resource')}
            <input
              name="resource"
              type="search"
              value={filter}
              placeholder={t('e.g. LV-CUT01')}
              onChange={(e) => setFilter(e.target.value)}
            />
          </label>
          <label className="row">
            <input
              type="checkbox"
              name="showRetired"
              checked={showRetired}
              onChange={(e) => setShowRetired(e.target.checked)}
            />
            {t('Show retired versions')}
          </label>
        </div>
      </div>
      <div className="card">
        {error ? (
          <p className="form-error" role="alert">
            {error}{' '}
            <button type="button" onClick={() => void reload()}>
              {t('Retry')}
            </button>
          </p>
        ) : rows === null ? (
          <p className="muted">{t('Loading…')}</p>
        ) : shown.length === 0 ? (
          <p className="muted">{t('No engines match.')}</p>
        ) : (
          <div className="table-wrap">
            <table className="grid" aria-label={t('Costing Engines')}>
              <thead>
                <tr>
                  <th>{t('Resource')}</th>
                  <th>{t('Plant')}</th>
                  <th>{t('Name')}</th>
                  <th>{t('Version')}</th>
                  <th>{t('Status')}</th>
                  <th>{t('Steps')}</th>
                  <th>{t('Created by')}</th>
                  <th>{t('Created')}</th>
                  <th>{t('Published')}</th>
                  <th aria-label={t('Actions')} />
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.CostingEngineID} data-engine={r.CostingEngineID} data-status={r.Status}>
                    <td>
                      <strong>{r.ResourceID}</strong>
                    </td>
                    <td>{plantName(r.PlantID)}</td>
                    <td>{r.Name}</td>
                    <td>v{r.Version}</td>
                    <td>
                      <span className={`engine-status engine-status-${r.Status}`}>
                        {t(statusWords[r.Status])}
                      </span>
                    </td>
                    <td>{r.StepCount}</td>
                    <td>{r.CreatedByName ?? ''}</td>
                    <td className="nowrap">{formatDateTime(r.CreatedAt, r.PlantID)}</td>
                    <td className="nowrap">
                      {r.PublishedAt ? formatDateTime(r.PublishedAt, r.PlantID) : ''}
                    </td>
                    <td className="actions nowrap">
                      {/* The editor and the test screen are for editCostingEngines (the route table). */}
                      {editor ? (
                        <>
                          <Link to={`/costing/editor?engine=${r.CostingEngineID}`}>
                            {r.Status === 'draft' ? t('Edit') : t('Open')}
                          </Link>{' '}
                          <Link to={`/costing/enginetesting?engine=${r.CostingEngineID}`}>{t('Test')}</Link>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
