import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { PaintLine } from '../../../../domain/painting/entities';
import { PAINT_LINE_KIND, paintingTopic } from '../../../../domain/painting/live';
import { minutesUntilDue } from '../../../../domain/painting/rules';
import { plantTimeZone } from '../../../../domain/platform/plants';
import { useT } from '../../../i18n';
import { BoardDayNote } from '../board-day-note';
import { TvBoard, useNow } from '../TvBoard';
import { useBoardItem } from '../use-board-item';
import './painting.css';
import { formatRecent, formatTime } from '../../../ui/format';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

function PaintingBody({ resourceId, onPlant }: { resourceId: string; onPlant(id: number): void }) {
  const t = useT();
  const now = useNow();
  // A resource id the topic rules would refuse follows nothing (domain/live/topics.ts).
  const valid = /^[A-Za-z0-9-]{1,20}$/.test(resourceId);
  const { data: line, loading } = useBoardItem<PaintLine>(
    valid ? paintingTopic(resourceId) : null,
    PAINT_LINE_KIND,
    resourceId,
  );
  const plantId = line?.PlantID ?? null;
  useEffect(() => {
    if (plantId !== null) onPlant(plantId);
  }, [plantId, onPlant]);
  if (!line) {
    return (
      <p className="tvp-empty" data-testid="tvp-empty">
        {loading
          ? t('Loading…')
          : t('No paint line {{resource}} on this topic yet.', { resource: resourceId })}
      </p>
    );
  }
  const tz = plantTimeZone(line.PlantID);
  const time = (iso: string) => formatTime(iso, tz);
  // Readings of an earlier day say which day.
  const when = (iso: string) => formatRecent(iso, tz, now);
  const load = line.CurrentLoad;
  const left = minutesUntilDue(line.NextReadingDueAt, now);
  const overdue = left !== null && left < 0;
  return (
    <>
      <BoardDayNote asOf={line.AsOf} plantId={line.PlantID} />
      <div className="tvp" data-testid="tv-painting" data-resource={line.ResourceID}>
        <section className="tv-panel tvp-load" aria-labelledby="tvp-load-title">
          <h2 id="tvp-load-title">
            {line.ResourceID} <span className="tv-muted">· {line.Description}</span>
          </h2>
          {load ? (
            <div className="tvp-load-body" data-testid="tvp-load">
              <div className="tvp-paint">
                <div className="tvp-swatch" style={{ background: load.ColourHex }} aria-hidden="true" />
                <div className="tvp-colour">
                  {load.Colour}
                  <span className="tvp-code">{load.PaintCode}</span>
                </div>
              </div>
              <dl className="tv-facts">
                <dt>{t('Job')}</dt>
                <dd>{load.JobNumber}</dd>
                <dt>{t('Part')}</dt>
                <dd>{load.PartNum}</dd>
                <dt>{t('Quantity')}</dt>
                <dd>{fmt(load.Quantity)}</dd>
                <dt>{t('Started')}</dt>
                <dd>{time(load.StartedAt)}</dd>
              </dl>
            </div>
          ) : (
            <p className="tv-muted">{t('No load on the line.')}</p>
          )}
          <div className="tvp-good">
            <span className="tvp-label">{t('Good pieces painted today')}</span>
            <span className="tv-big" data-testid="tvp-good">
              {fmt(line.GoodPiecesToday)}
            </span>
            {line.ScrapPiecesToday > 0 && (
              <span className="tvp-scrap">
                {t('Scrap: {{count}}', { count: fmt(line.ScrapPiecesToday) })}
              </span>
            )}
          </div>
        </section>
        <section className="tv-panel tvp-readings" aria-labelledby="tvp-readings-title">
          <div
            className={`tvp-due${overdue ? ' tvp-overdue' : ''}`}
            data-testid="tvp-due"
            data-overdue={overdue}
          >
            {line.NextReadingDueAt === null
              ? t('No reading due: nothing on the line.')
              : overdue
                ? t('Viscosity reading OVERDUE by {{minutes}} min (due {{time}})', {
                    minutes: -left!,
                    time: time(line.NextReadingDueAt),
                  })
                : t('Next viscosity reading due {{time}} (in {{minutes}} min)', {
                    minutes: left,
                    time: time(line.NextReadingDueAt),
                  })}
            <small>{t('A reading every {{minutes}} minutes', { minutes: line.ReadingEveryMinutes })}</small>
          </div>
          <h2 id="tvp-readings-title">{t('Last viscosity readings')}</h2>
          <table className="tvp-table" data-testid="tvp-readings">
            <thead>
              <tr>
                <th>{t('Time')}</th>
                <th>{t('Colour')}</th>
                <th className="tvp-num">{t('Seconds')}</th>
                <th className="tvp-num">{t('Range')}</th>
                <th className="tvp-num">°F</th>
                <th>{t('Operator')}</th>
                <th>{t('Status')}</th>
              </tr>
            </thead>
            <tbody>
              {line.Readings.slice(0, 6).map((r) => (
                <tr
                  key={r.ViscosityReadingID}
                  data-in-range={r.InRange}
                  className={r.InRange ? '' : 'tvp-out'}
                >
                  <td>{when(r.RecordedAt)}</td>
                  <td>{r.Colour}</td>
                  <td className="tvp-num">{fmt(r.Seconds)}</td>
                  <td className="tvp-num tv-muted">
                    {fmt(r.MinSeconds)}–{fmt(r.MaxSeconds)}
                  </td>
                  <td className="tvp-num">{fmt(r.TemperatureF)}</td>
                  <td>{r.EmployeeName}</td>
                  <td className="tvp-status">
                    {r.InRange ? `✓ ${t('In range')}` : `✗ ${t('Out of range')}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {line.Readings.length === 0 && <p className="tv-muted">{t('No readings yet.')}</p>}
        </section>
      </div>
    </>
  );
}

/** /tv/painting/{ResourceID}: the paint line's load, last viscosity readings, reading due, good pieces. */
export function TvPaintingPage() {
  const { resourceId = '' } = useParams();
  const id = resourceId.toUpperCase();
  const [plantId, setPlantId] = useState<number | null>(null);
  return (
    <TvBoard name="TV Painting" plantId={plantId}>
      <PaintingBody resourceId={id} onPlant={setPlantId} />
    </TvBoard>
  );
}
