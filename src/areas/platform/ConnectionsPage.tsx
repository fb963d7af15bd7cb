import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { formatDateTime } from '../../../domain/platform/dates';
import { interfaceLabels } from '../../../domain/platform/interfaces';
import { hubStatus } from '../../../machines/hub-connection.machine';
import { useRxQuery } from '../../../projections/hooks';
import type { HubConnectionProjection } from '../../../projections/hub-connections.collection';
import { useServices, useUser } from '../../app/context';
import { useT } from '../../i18n';

const TOPIC = 'connections';

/**
 * /connections: every live hub connection of every server process, updating live. The server refuses
 * the topic to anyone without mesAdministrator, informationTechnology or superAdministrator; the
 * screen says so instead of showing an empty list.
 */
export function ConnectionsPage() {
  const { db, live, hub } = useServices();
  const user = useUser();
  const allowed = Boolean(
    user && (user.MesAdministrator || user.InformationTechnology || user.SuperAdministrator),
  );
  const status = useSelector(hub, hubStatus);
  const t = useT();
  const interfaceLabel = (name: string) => {
    const label = interfaceLabels[name as keyof typeof interfaceLabels];
    return label ? t(label) : name;
  };

  useEffect(() => {
    if (!allowed) return;
    const follow = live.follow<HubConnectionProjection>(TOPIC, db.hubConnections);
    return () => {
      void follow.stop();
    };
  }, [allowed, live, db]);

  const { docs, loading } = useRxQuery(() => (allowed ? db.hubConnections.find() : null), [allowed, db]);

  if (!allowed) {
    return (
      <section className="page">
        <div className="card">
          <h1>{t('Live connections')}</h1>
          <p>{t('You do not have permission to see the live connections.')}</p>
        </div>
      </section>
    );
  }
  const rows = [...docs].sort((a, b) => b.ConnectedAt.localeCompare(a.ConnectedAt));
  return (
    <section className="page">
      <div className="card">
        <div className="row spread">
          <h1>{t('Live connections')}</h1>
          <span className="muted" data-testid="connection-count">
            {loading ? t('Loading…') : t('{{n}} connected', { n: rows.length })} ·{' '}
            {status === 'live' ? t('updating live') : t('reconnecting')}
          </span>
        </div>
        <table className="grid" aria-label={t('Live connections')}>
          <thead>
            <tr>
              <th>{t('User')}</th>
              <th>{t('Interface')}</th>
              <th>{t('Plant')}</th>
              <th>{t('Transport')}</th>
              <th>{t('Connected since')}</th>
              <th>{t('Server')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.ConnectionID} data-connection={c.ConnectionID}>
                <td>{c.Name ?? t('TV screen (not logged in)')}</td>
                <td>{c.Interface ? interfaceLabel(c.Interface) : '—'}</td>
                <td>{c.PlantID ?? '—'}</td>
                <td>{c.Transport}</td>
                <td>{formatDateTime(c.ConnectedAt, user?.PlantID ?? null)}</td>
                <td className="muted">{c.NodeID}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
