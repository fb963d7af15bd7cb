import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { BayBoard } from '../../../../domain/boards/entities';
import { BAY_KIND, bayTopic } from '../../../../domain/boards/live';
import { targetAt } from '../../../../domain/boards/rules';
import { defaultKpiLevels, type KpiLevels, paceOf } from '../../../../domain/boards/thresholds';
import { useT } from '../../../i18n';
import { BoardDayNote } from '../board-day-note';
import { TvBoard, useNow } from '../TvBoard';
import { useBoardItem } from '../use-board-item';
import './scoreboard.css';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Pieces against target by the attainment level (/thresholds; by default amber below 100 %, red below 90 %). */
const pace = (pieces: number, target: number, levels: KpiLevels | undefined) =>
  paceOf(pieces, target, (levels ?? defaultKpiLevels).attainment);

function ScoreboardBody({
  bayNumber,
  raw,
  onPlant,
}: {
  bayNumber: number;
  raw: string;
  onPlant(id: number): void;
}) {
  const t = useT();
  const now = useNow();
  const valid = Number.isInteger(bayNumber) && bayNumber >= 1 && bayNumber <= 999;
  const { data: bay, loading } = useBoardItem<BayBoard>(
    valid ? bayTopic(bayNumber) : null,
    BAY_KIND,
    String(bayNumber),
  );
  const plantId = bay?.PlantID ?? null;
  useEffect(() => {
    if (plantId !== null) onPlant(plantId);
  }, [plantId, onPlant]);
  if (!bay) {
    return (
      <p className="tvs-empty" data-testid="tvs-empty">
        {loading && valid ? t('Loading…') : t('No bay {{bay}} on this topic yet.', { bay: raw })}
      </p>
    );
  }
  const rows = bay.Rows.map((r) => ({ ...r, Target: targetAt(r, bay.AsOf, now) }));
  const target = rows.reduce((s, r) => s + r.Target, 0);
  const totalPace = pace(bay.Totals.Pieces, target, bay.Thresholds);
  return (
    <div className="tvs" data-testid="tv-scoreboard" data-bay={bay.BayNumber}>
      <BoardDayNote asOf={bay.AsOf} plantId={bay.PlantID} />
      <h2 className="tvs-title">
        {t('Bay {{bay}}', { bay: bay.BayNumber })} <span className="tv-muted">· {bay.Description}</span>
      </h2>
      <table className="tvs-table">
        <thead>
          <tr>
            <th>{t('Machine')}</th>
            <th>{t('On it')}</th>
            <th className="tvs-num">{t('Pieces')}</th>
            <th className="tvs-num">{t('Target')}</th>
            <th className="tvs-num">{t('Scrap')}</th>
            <th className="tvs-num">{t('Downtime')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.ResourceID}
              data-resource={r.ResourceID}
              data-pace={pace(r.Pieces, r.Target, r.Thresholds)}
            >
              <td>
                <strong className="tvs-machine">{r.ResourceID}</strong>
                <span className="tvs-desc">{r.Description}</span>
              </td>
              <td className="tvs-people">
                {r.DownReason ? (
                  <span className="tvs-down">{t('DOWN: {{reason}}', { reason: r.DownReason })}</span>
                ) : r.Operators.length ? (
                  r.Operators.join(', ')
                ) : (
                  <span className="tv-muted">{t('Nobody')}</span>
                )}
              </td>
              <td className="tvs-num tvs-pieces" data-testid="tvs-pieces">
                {fmt(r.Pieces)}
              </td>
              <td className="tvs-num tvs-target">{r.MinutesPerPiece ? fmt(r.Target) : '–'}</td>
              <td className="tvs-num">{fmt(r.ScrapPieces)}</td>
              <td className="tvs-num">{t('{{minutes}} min', { minutes: fmt(r.DowntimeMinutes) })}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-pace={totalPace} data-testid="tvs-total">
            <td colSpan={2}>{t('Bay total')}</td>
            <td className="tvs-num tvs-pieces" data-testid="tvs-total-pieces">
              {fmt(bay.Totals.Pieces)}
            </td>
            <td className="tvs-num tvs-target">{fmt(target)}</td>
            <td className="tvs-num">{fmt(bay.Totals.ScrapPieces)}</td>
            <td className="tvs-num">{t('{{minutes}} min', { minutes: fmt(bay.Totals.DowntimeMinutes) })}</td>
          </tr>
        </tfoot>
      </table>
      <p className="tv-muted tvs-note">
        {t(
          'Target: pieces the machine’s rate allows for the time someone worked on it this shift, less downtime.',
        )}
      </p>
    </div>
  );
}

/** /tv/scoreboard/{BayNumber}: the bay's machines, today's pieces vs target, scrap, downtime, people. */
export function TvScoreboardPage() {
  const { bayNumber = '' } = useParams();
  const [plantId, setPlantId] = useState<number | null>(null);
  return (
    <TvBoard name="TV Scoreboard" plantId={plantId}>
      <ScoreboardBody bayNumber={Number(bayNumber)} raw={bayNumber} onPlant={setPlantId} />
    </TvBoard>
  );
}
