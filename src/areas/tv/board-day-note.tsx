import { fromEarlierDay } from '../../../domain/boards/rules';
import { plantTimeZone } from '../../../domain/platform/plants';
import { useT } from '../../i18n';
import { useNow } from './TvBoard';
import './board-day-note.css';
import { formatDate } from '../../ui/format';

/**
 * Says so when a board's document was made on an earlier plant day (no write reached its topic today
 * yet), so the painting, scoreboard and KPI boards never pass yesterday's figures off as today's.
 */
export function BoardDayNote({ asOf, plantId }: { asOf: string; plantId: number }) {
  const t = useT();
  const now = useNow(60_000);
  const tz = plantTimeZone(plantId);
  if (!fromEarlierDay(asOf, now, tz)) return null;
  return (
    <p className="tv-day-note" data-testid="tv-day-note" role="status">
      {t('Figures of {{date}}: nothing reported today yet.', { date: formatDate(asOf, tz) })}
    </p>
  );
}
