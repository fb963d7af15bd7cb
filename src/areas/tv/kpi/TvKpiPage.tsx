import GridLayout, { type Layout } from 'react-grid-layout/legacy';
import { useParams } from 'react-router-dom';
import type { HourPieces, KpiBoard } from '../../../../domain/boards/entities';
import { KPI_KIND, kpiTopic } from '../../../../domain/boards/live';
import { plantTargetAt } from '../../../../domain/boards/rules';
import { type KpiState, kpiMonitorStates } from '../../../../domain/boards/thresholds';
import { plants, plantTimeZone } from '../../../../domain/platform/plants';
import { useT } from '../../../i18n';
import { BoardDayNote } from '../board-day-note';
import { TvBoard, useNow } from '../TvBoard';
import { useBoardItem } from '../use-board-item';
import 'react-grid-layout/css/styles.css';
import './kpi.css';
import { formatTime } from '../../../ui/format';

/** The colour class of a KPI state (levels from /thresholds). */
const tone: Record<KpiState, string> = { good: 'tvk-good', warning: 'tvk-warn', alarm: 'tvk-bad' };

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** The TV's static layout: 12 columns of 1824 px (1920 less the frame's padding), rows of 100 px. */
const LAYOUT: Layout = [
  { i: 'pieces', x: 0, y: 0, w: 4, h: 3, static: true },
  { i: 'scrap', x: 4, y: 0, w: 2, h: 3, static: true },
  { i: 'downtime', x: 6, y: 0, w: 3, h: 3, static: true },
  { i: 'people', x: 9, y: 0, w: 3, h: 3, static: true },
  { i: 'hourly', x: 0, y: 3, w: 12, h: 4, static: true },
];
const WIDTH = 1824;

/** Pieces per hour as plain SVG bars, with the plant's hourly target as a dashed line. */
function HourlyChart({ hours, perHour, tz }: { hours: readonly HourPieces[]; perHour: number; tz: string }) {
  const t = useT();
  const W = 1760;
  const H = 330;
  const top = 40;
  const bottom = 50;
  const max = Math.max(1, perHour, ...hours.map((h) => h.Pieces)) * 1.15;
  const y = (v: number) => top + (H - top - bottom) * (1 - v / max);
  const slot = hours.length ? W / hours.length : W;
  const bar = Math.min(160, slot * 0.6);
  if (!hours.length) return <p className="tv-muted">{t('Nobody has clocked in today yet.')}</p>;
  return (
    <svg
      className="tvk-chart"
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      height={H}
      role="img"
      aria-label={t('Pieces per hour')}
      data-testid="tvk-chart"
    >
      <line x1={0} x2={W} y1={y(0)} y2={y(0)} className="tvk-axis" />
      {hours.map((h, i) => {
        const x = i * slot + (slot - bar) / 2;
        return (
          <g key={h.Hour} data-hour={h.Hour} data-pieces={h.Pieces}>
            <rect
              x={x}
              y={y(h.Pieces)}
              width={bar}
              height={Math.max(0, y(0) - y(h.Pieces))}
              className={perHour > 0 && h.Pieces < perHour ? 'tvk-bar tvk-bar-low' : 'tvk-bar'}
              rx={6}
            />
            <text x={x + bar / 2} y={y(h.Pieces) - 10} className="tvk-value" textAnchor="middle">
              {fmt(h.Pieces)}
            </text>
            <text x={x + bar / 2} y={H - 14} className="tvk-hour" textAnchor="middle">
              {formatTime(h.Hour, tz)}
            </text>
          </g>
        );
      })}
      {perHour > 0 && (
        <>
          <line x1={0} x2={W} y1={y(perHour)} y2={y(perHour)} className="tvk-target" />
          <text x={W - 8} y={y(perHour) - 10} className="tvk-target-label" textAnchor="end">
            {t('Target {{count}}/h', { count: fmt(perHour) })}
          </text>
        </>
      )}
    </svg>
  );
}

function KpiBody({ plantId, raw }: { plantId: number; raw: string }) {
  const t = useT();
  const now = useNow();
  const valid = plants.some((p) => p.PlantID === plantId);
  const { data: kpi, loading } = useBoardItem<KpiBoard>(
    valid ? kpiTopic(plantId) : null,
    KPI_KIND,
    String(plantId),
  );
  if (!kpi) {
    return (
      <p className="tvk-empty" data-testid="tvk-empty">
        {loading && valid
          ? t('Loading…')
          : t('No KPIs for plant {{plant}} on this topic yet.', { plant: raw })}
      </p>
    );
  }
  const tz = plantTimeZone(kpi.PlantID);
  const target = plantTargetAt(kpi, kpi.AsOf, now);
  const percent = target > 0 ? Math.round((kpi.Pieces / target) * 100) : null;
  const states = kpiMonitorStates(kpi, target);
  const people = kpi.People.Direct + kpi.People.Indirect + kpi.People.Idle;
  return (
    <div data-testid="tv-kpi" data-plant={kpi.PlantID}>
      <BoardDayNote asOf={kpi.AsOf} plantId={kpi.PlantID} />
      <GridLayout
        className="tvk-grid"
        layout={LAYOUT}
        cols={12}
        rowHeight={100}
        width={WIDTH}
        margin={[24, 24]}
        containerPadding={[0, 0]}
        isDraggable={false}
        isResizable={false}
        useCSSTransforms={false}
      >
        <section key="pieces" className="tv-panel tvk-panel" data-testid="tvk-pieces">
          <h2>{t('Pieces today')}</h2>
          <div className="tvk-huge" data-testid="tvk-pieces-value">
            {fmt(kpi.Pieces)}
          </div>
          <div className="tvk-sub">
            {t('Target {{target}}', { target: fmt(target) })}
            {percent !== null && (
              <span
                className={states.attainment ? tone[states.attainment] : ''}
                data-state={states.attainment}
              >
                {' '}
                · {percent}%
              </span>
            )}
          </div>
        </section>
        <section key="scrap" className="tv-panel tvk-panel" data-testid="tvk-scrap">
          <h2>{t('Scrap')}</h2>
          <div
            className={`tvk-huge tvk-narrow ${tone[states.scrapPercent]}`}
            data-state={states.scrapPercent}
          >
            {fmt(kpi.ScrapPercent, 1)}%
          </div>
          <div className="tvk-sub">{t('{{count}} pieces', { count: fmt(kpi.ScrapPieces) })}</div>
        </section>
        <section key="downtime" className="tv-panel tvk-panel" data-testid="tvk-downtime">
          <h2>{t('Downtime today')}</h2>
          <div
            className={`tvk-big ${states.downtimeMinutes === 'good' ? '' : tone[states.downtimeMinutes]}`}
            data-state={states.downtimeMinutes}
          >
            {t('{{minutes}} min', { minutes: fmt(kpi.DowntimeMinutes) })}
          </div>
          <ol className="tvk-reasons">
            {kpi.TopDowntime.slice(0, 3).map((r) => (
              <li key={r.Reason}>
                <span>{r.Reason}</span>
                <span className="tvk-num">{t('{{minutes}} min', { minutes: fmt(r.Minutes) })}</span>
              </li>
            ))}
            {kpi.TopDowntime.length === 0 && <li className="tv-muted">{t('No downtime today')}</li>}
          </ol>
        </section>
        <section key="people" className="tv-panel tvk-panel" data-testid="tvk-people">
          <h2>{t('People clocked in: {{count}}', { count: people })}</h2>
          <dl className="tvk-people">
            <dt>{t('Direct')}</dt>
            <dd className="tvk-good">{kpi.People.Direct}</dd>
            <dt>{t('Indirect')}</dt>
            <dd>{kpi.People.Indirect}</dd>
            <dt>{t('Idle')}</dt>
            <dd
              className={states.idlePeople === 'good' ? '' : tone[states.idlePeople]}
              data-state={states.idlePeople}
            >
              {kpi.People.Idle}
            </dd>
          </dl>
        </section>
        <section key="hourly" className="tv-panel tvk-panel" data-testid="tvk-hourly">
          <h2>
            {t('Pieces per hour')}
            {kpi.ShiftStart && (
              <span className="tv-muted tvk-since">
                {' '}
                · {t('shift since {{time}}', { time: formatTime(kpi.ShiftStart, tz) })}
              </span>
            )}
          </h2>
          <HourlyChart hours={kpi.Hourly} perHour={kpi.TargetPiecesPerMinute * 60} tz={tz} />
        </section>
      </GridLayout>
    </div>
  );
}

/** /tv/kpimonitor/{PlantID}: the plant's KPIs today on a static react-grid-layout for a TV. */
export function TvKpiPage() {
  const { plantId = '' } = useParams();
  const id = Number(plantId);
  return (
    <TvBoard name="KPI Monitor" plantId={Number.isInteger(id) ? id : null}>
      <KpiBody plantId={id} raw={plantId} />
    </TvBoard>
  );
}
