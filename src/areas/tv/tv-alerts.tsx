import {
  alertsShowing,
  TV_ALERT_KIND,
  type TvAlertItem,
  tvAlertTopic,
} from '../../../domain/platform/config';
import { useTvTopic } from './feed';
import { useNow } from './TvBoard';
import './tv-alerts.css';

/** Alerts start and end with time, not only with a change: the strip looks again this often. */
const ALERT_RECHECK_MS = 5_000;

/**
 * The plant's TV alerts (/config/tvalerts) across the top of every board of the plant, live from the
 * public `tvalerts:{PlantID}` topic: shown from their start until their end, gone when deleted.
 */
export function TvAlertStrip({ plantId }: { plantId: number }) {
  const now = useNow(ALERT_RECHECK_MS);
  const { docs } = useTvTopic(tvAlertTopic(plantId), 'boardItems', { Kind: TV_ALERT_KIND, PlantID: plantId });
  const showing = alertsShowing(
    docs.map((d) => d.Data as unknown as TvAlertItem),
    now,
  );
  if (!showing.length) return null;
  return (
    <div className="tv-alerts" role="alert" data-testid="tv-alerts">
      {showing.map((a) => (
        <p key={a.TvAlertID} className={`tv-alert tv-alert-${a.Severity}`} data-severity={a.Severity}>
          {a.Message}
        </p>
      ))}
    </div>
  );
}
