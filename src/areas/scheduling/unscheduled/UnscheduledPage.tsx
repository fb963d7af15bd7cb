import { type ColumnDef, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  GetSchedulingSettings,
  GetUnscheduledOperations,
  ScheduleOperation,
} from '../../../../domain/scheduling/calls';
import type { UnscheduledOperation, WorkcenterSetting } from '../../../../domain/scheduling/entities';
import { scheduleTopic, schedulingSettingsTopic } from '../../../../domain/scheduling/live';
import { useServices, useUser } from '../../../app/context';
import { useTopicRefresh } from '../../../app/use-topic';
import { useT } from '../../../i18n';
import type { TFunction } from '../../../i18n/translator';
import { Modal } from '../../../ui/Modal';
import { Select } from '../../../ui/Select';
import { formatLocalDate, formatQty, todayIn } from '../common/format';
import { PlantPicker } from '../shared/PlantPicker';
import { SchedulePicker } from '../shared/SchedulePicker';
import { usePlant } from '../shared/use-plant';
import { useScheduleList } from '../shared/use-schedule-list';
import '../common/scheduling.css';
import {
  defaultLane,
  laneOptions,
  nextPageSkip,
  remainingMinutes,
  remainingQty,
  schedulePayload,
  UNSCHEDULED_PAGE,
  UNSCHEDULED_SEARCH_DEBOUNCE_MS,
  visibleRows,
} from './unscheduled';

const ROW_HEIGHT = 38;
const features = tableFeatures({});
type Col = ColumnDef<typeof features, UnscheduledOperation>;
interface ColMeta {
  width: number;
  numeric?: boolean;
}
const metaOf = (c: { meta?: unknown }) => c.meta as ColMeta;

function columns(
  t: TFunction,
  today: string,
  canEdit: boolean,
  onSchedule: (r: UnscheduledOperation) => void,
) {
  const cols: Col[] = [
    { id: 'due', header: t('Due'), meta: { width: 85 }, cell: ({ row }) => dueCell(row.original, today) },
    { id: 'job', header: t('Job'), meta: { width: 90 }, cell: ({ row }) => row.original.JobNumber },
    { id: 'part', header: t('Part'), meta: { width: 110 }, cell: ({ row }) => row.original.PartNum },
    {
      id: 'description',
      header: t('Description'),
      meta: { width: 200 },
      cell: ({ row }) => row.original.PartDescription,
    },
    {
      id: 'op',
      header: t('Op'),
      meta: { width: 40, numeric: true },
      cell: ({ row }) => row.original.OperationSequence,
    },
    {
      id: 'resource',
      header: t('Resource'),
      meta: { width: 90 },
      cell: ({ row }) => row.original.ResourceID ?? '—',
    },
    {
      id: 'qty',
      header: t('Pieces left'),
      meta: { width: 80, numeric: true },
      cell: ({ row }) => `${formatQty(remainingQty(row.original))} / ${formatQty(row.original.OperationQty)}`,
    },
    {
      id: 'minutes',
      header: t('Minutes'),
      meta: { width: 70, numeric: true },
      cell: ({ row }) => formatQty(remainingMinutes(row.original)),
    },
  ];
  if (canEdit)
    cols.push({
      id: 'action',
      header: '',
      meta: { width: 90 },
      cell: ({ row }) => (
        <button type="button" className="ss-small" onClick={() => onSchedule(row.original)}>
          {t('Schedule')}
        </button>
      ),
    });
  return cols;
}

function dueCell(row: UnscheduledOperation, today: string) {
  if (!row.DueDate) return '—';
  const late = row.DueDate < today;
  return <span className={late ? 'ss-late' : undefined}>{formatLocalDate(row.DueDate)}</span>;
}

/** The Schedule dialog: which lane, and where in it (the end unless a position is typed). */
function ScheduleDialog(props: {
  row: UnscheduledOperation | null;
  lanes: readonly WorkcenterSetting[];
  onCancel(): void;
  onSchedule(lane: string, position: string): string | null;
}) {
  const t = useT();
  const ids = useId();
  const { row, lanes } = props;
  const [lane, setLane] = useState<string | null>(null);
  const [position, setPosition] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setLane(row ? defaultLane(row, lanes) : null);
    setPosition('');
    setError(null);
  }, [row, lanes]);
  const submit = () => {
    if (!lane) return;
    setError(props.onSchedule(lane, position));
  };
  return (
    <Modal
      open={row !== null}
      onClose={props.onCancel}
      title={row ? t('Schedule {{job}} op {{op}}', { job: row.JobNumber, op: row.OperationSequence }) : ''}
      width={420}
      footer={
        <div className="row">
          <button type="button" className="ss-primary" disabled={!lane} onClick={submit}>
            {t('Schedule')}
          </button>
          <button type="button" onClick={props.onCancel}>
            {t('Cancel')}
          </button>
        </div>
      }
    >
      {row && (
        <form
          className="ss-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <p className="muted">
            {t('{{qty}} pieces of {{part}}', { qty: formatQty(remainingQty(row)), part: row.PartNum })}
          </p>
          <label htmlFor={`${ids}-lane`}>{t('Workcenter')}</label>
          {lanes.length ? (
            <Select
              id={`${ids}-lane`}
              options={lanes.map((l) => ({
                value: l.ResourceID,
                text: `${l.ResourceID} ${l.Description}`.trim(),
              }))}
              value={lane}
              onChange={setLane}
              storage={null}
            />
          ) : (
            <span className="form-error">{t('This plant has no scheduled workcenter.')}</span>
          )}
          <label htmlFor={`${ids}-pos`}>{t('Position (blank: at the end)')}</label>
          <input
            id={`${ids}-pos`}
            className="ss-input"
            inputMode="numeric"
            value={position}
            placeholder={t('at the end')}
            onChange={(e) => setPosition(e.target.value)}
          />
          {error && <span className="form-error">{t(error)}</span>}
        </form>
      )}
    </Modal>
  );
}

interface Loaded {
  key: string;
  rows: UnscheduledOperation[];
  total: number | null;
}

/**
 * /scheduling/unscheduled: the plant's plan operations no task of the official schedule covers, earliest
 * due first, searched in job, part and resource, 100 rows at a time as the table scrolls (only the rows
 * on screen are drawn). "Schedule" puts the operation's remaining pieces on a lane of the chosen
 * schedule (the end by default) through the post queue; the row disappears at once. Live: the list is
 * read again whenever the chosen schedule's topic carries a change (someone scheduled, split or deleted
 * a task), debounced.
 */
export function UnscheduledPage() {
  const { backgroundApi, enqueue } = useServices();
  const user = useUser();
  const t = useT();
  const canEdit = Boolean(user?.EditProductionSchedules || user?.EditPlanningSchedules);
  const { plantId, setPlantId, tz } = usePlant();
  const schedules = useScheduleList(plantId);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), UNSCHEDULED_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const key = JSON.stringify([plantId, search]);
  const [loaded, setLoaded] = useState<Loaded>({ key, rows: [], total: null });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const request = useRef(0);
  const stale = loaded.key !== key;

  const loadPage = useCallback(
    (skip: number) => {
      const mine = ++request.current;
      setLoading(true);
      backgroundApi
        .get(GetUnscheduledOperations, {
          PlantID: plantId,
          Search: search || undefined,
          Skip: skip,
          Take: UNSCHEDULED_PAGE,
        })
        .then(
          (answer) => {
            if (mine !== request.current) return;
            setLoaded((prev) => {
              const base = prev.key === key ? prev.rows.slice(0, skip) : [];
              return { key, rows: [...base, ...answer.Rows], total: answer.Total };
            });
            setError(null);
          },
          (e: unknown) => mine === request.current && setError(e instanceof Error ? e.message : String(e)),
        )
        .finally(() => mine === request.current && setLoading(false));
    },
    [backgroundApi, key, plantId, search],
  );

  // New filters or a change on the schedule: read again from the top.
  const scroller = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `reload` are what restart the list.
  useEffect(() => {
    request.current++;
    setLoading(false);
    setLoaded((prev) => ({ key: prev.key, rows: prev.rows, total: null }));
    loadPage(0);
  }, [key, reload]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters start at the top, a refresh keeps the place.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [key]);
  useTopicRefresh(schedules.scheduleId ? scheduleTopic(schedules.scheduleId) : null, () =>
    setReload((n) => n + 1),
  );

  // The lanes for the dialog, read again when the workcenter settings change.
  const [lanes, setLanes] = useState<WorkcenterSetting[]>([]);
  const loadLanes = useCallback(() => {
    backgroundApi.get(GetSchedulingSettings, { PlantID: plantId }).then(
      (s) => setLanes(laneOptions(s.Workcenters)),
      () => setLanes([]),
    );
  }, [backgroundApi, plantId]);
  useEffect(loadLanes, [loadLanes]);
  useTopicRefresh(schedulingSettingsTopic(plantId), loadLanes);

  // Rows scheduled from this screen, by operation id, with when: hidden until the server stops listing them.
  const [scheduled, setScheduled] = useState<ReadonlyMap<number, number>>(new Map());
  const [now, setNow] = useState(Date.now());
  const shown = useMemo(() => visibleRows(loaded.rows, scheduled, now), [loaded.rows, scheduled, now]);
  useEffect(() => {
    if (stale || loaded.total === null || shown.forget.length === 0) return;
    setScheduled((prev) => {
      const next = new Map(prev);
      for (const id of shown.forget) next.delete(id);
      return next;
    });
  }, [shown.forget, stale, loaded.total]);
  // A refused post brings its row back: look again once the hiding time has run out.
  useEffect(() => {
    if (scheduled.size === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, [scheduled.size]);

  const [dialogRow, setDialogRow] = useState<UnscheduledOperation | null>(null);
  const today = todayIn(tz);
  const cols = useMemo(() => columns(t, today, canEdit, setDialogRow), [t, today, canEdit]);
  const table = useTable({ features, columns: cols, data: shown.rows });
  const tableRows = table.getRowModel().rows;
  const hiddenCount = loaded.rows.length - shown.rows.length;
  const count = Math.max(0, (loaded.total ?? 0) - hiddenCount);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastVisible = (items.at(-1)?.index ?? 0) + hiddenCount;
  useEffect(() => {
    if (error || stale) return;
    const skip = nextPageSkip(lastVisible, loaded.rows.length, loaded.total, loading);
    if (skip !== null && skip > 0) loadPage(skip);
  }, [lastVisible, loaded.rows.length, loaded.total, loading, loadPage, error, stale]);

  const scheduleRow = (lane: string, position: string): string | null => {
    const row = dialogRow;
    const scheduleId = schedules.scheduleId;
    if (!row || !scheduleId) return 'Choose a schedule first';
    const { payload, error: bad } = schedulePayload(scheduleId, row, lane, position);
    if (bad) return bad;
    enqueue(ScheduleOperation, payload);
    setScheduled((prev) => new Map(prev).set(row.ProductionPlanOperationID, Date.now()));
    setNow(Date.now());
    setDialogRow(null);
    return null;
  };

  const template = cols.map((c) => `minmax(${metaOf(c).width}px, ${metaOf(c).width}fr)`).join(' ');
  return (
    <section className="page ss-wide">
      <div className="card">
        <div className="row spread">
          <h1>{t('Unscheduled')}</h1>
          <span className="muted" data-testid="unscheduled-total">
            {loaded.total === null
              ? t('Loading…')
              : t('{{n}} operations', { n: count.toLocaleString('en-US') })}
          </span>
        </div>
        <div className="toolbar">
          <PlantPicker value={plantId} onChange={setPlantId} />
          <SchedulePicker
            schedules={schedules.list}
            value={schedules.scheduleId}
            onChange={schedules.setScheduleId}
          />
          <input
            type="search"
            className="ss-search"
            placeholder={t('Search job, part, resource')}
            aria-label={t('Search')}
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
          />
          <button type="button" onClick={() => setReload((n) => n + 1)}>
            {t('Refresh')}
          </button>
        </div>
        <p className="muted ss-note">
          {canEdit
            ? t(
                'Live: the list follows the chosen schedule. Schedule puts the pieces left at the end of a lane.',
              )
            : t('Live: the list follows the chosen schedule. Read only.')}
        </p>
        {error && <p className="alert alert-error">{error}</p>}
        <div className="ss-scroll" ref={scroller} data-testid="unscheduled-scroll">
          <table className="ss-vtable" aria-label={t('Unscheduled operations')} aria-rowcount={count + 1}>
            <thead>
              <tr className="ss-tr ss-head" style={{ gridTemplateColumns: template }}>
                {table.getHeaderGroups()[0]!.headers.map((h) => (
                  <th key={h.id} className={metaOf(h.column.columnDef).numeric ? 'num' : undefined}>
                    <table.FlexRender header={h} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={stale ? 'ss-stale' : undefined} style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const row = tableRows[item.index];
                const style = {
                  gridTemplateColumns: template,
                  height: item.size,
                  transform: `translateY(${item.start}px)`,
                };
                if (!row)
                  return (
                    <tr key={item.key} className="ss-tr ss-vrow" style={style}>
                      <td className="muted">{t('Loading…')}</td>
                    </tr>
                  );
                return (
                  <tr
                    key={row.original.ProductionPlanOperationID}
                    className="ss-tr ss-vrow"
                    aria-rowindex={item.index + 2}
                    data-operation={row.original.ProductionPlanOperationID}
                    style={style}
                  >
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className={metaOf(cell.column.columnDef).numeric ? 'num' : undefined}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {loaded.total !== null && count === 0 && (
            <p className="muted ss-empty">
              {search
                ? t('No unscheduled operation matches.')
                : t('Every operation of this plant is scheduled.')}
            </p>
          )}
        </div>
      </div>
      <ScheduleDialog
        row={dialogRow}
        lanes={lanes}
        onCancel={() => setDialogRow(null)}
        onSchedule={scheduleRow}
      />
    </section>
  );
}
