import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DeleteScheduleTask,
  MoveScheduleTasks,
  SplitScheduleTask,
  UpdateScheduleTask,
} from '../../../../domain/scheduling/calls';
import type { ScheduleColor, Task } from '../../../../domain/scheduling/entities';
import { useCore, useEnqueue } from '../../../app/context';
import { useT } from '../../../i18n';
import { colorChoices } from '../shared/colors';
import { orderLanes } from '../shared/lane-order';
import { MoveDialog, SplitDialog } from './dialogs';
import { createDragStore, DRAG_THRESHOLD_PX } from './drag';
import { Lane } from './Lane';
import {
  clickSelect,
  dropOrder,
  emptySelection,
  type Filters,
  gapAt,
  isNoOpMove,
  noFilters,
  otherKindSources,
  type Selection,
  selectedInOrder,
  shownLanes,
} from './schedule-view';
import { ROW_HEIGHT } from './TaskCard';
import { TaskPanel } from './TaskPanel';
import { mark, useSchedule } from './use-schedule';

const LANE_WIDTH = 300;

export interface BoardProps {
  scheduleId: number;
  plantId: number;
  canEdit: boolean;
  canViewDetails: boolean;
  /** The header as the schedule topic has it (committed, task count), for the page's buttons. */
  onHeader?(header: { CommittedAt: string | null; TaskCount: number } | null): void;
}

/**
 * The lanes of one schedule with everything a scheduler does on them: filters, selection, drag and drop
 * within and between lanes (and "Move to…" from the keyboard), split, delete, colour and status, and
 * the task panel. Every edit goes to the post queue; schedule-view.ts shows it at once.
 */
export function ScheduleBoard(props: BoardProps) {
  const { scheduleId, plantId, canEdit, canViewDetails, onHeader } = props;
  const t = useT();
  const { alerts } = useCore();
  const enqueue = useEnqueue();
  const data = useSchedule(scheduleId, plantId);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [dialog, setDialog] = useState<'split' | 'move' | null>(null);
  const [drag] = useState(createDragStore);

  const first = useRef(true);
  if (first.current && data.header) {
    first.current = false;
    mark('schedule:first-lanes');
  }

  useEffect(() => {
    onHeader?.(
      data.header ? { CommittedAt: data.header.CommittedAt, TaskCount: data.header.TaskCount } : null,
    );
  }, [data.header, onHeader]);

  // The plant's lane order (the settings'), which is also the order GetSchedule answers in.
  const order = useMemo(
    () => orderLanes(data.lanes.keys(), data.settings.workcenters),
    [data.lanes, data.settings.workcenters],
  );
  const lanes = useMemo(
    () => shownLanes(data.lanes, order, filters, data.settings.statusById, plantId),
    [data.lanes, order, filters, data.settings.statusById, plantId],
  );
  const allLaneIds = order;
  const laneByResource = useMemo(() => new Map(lanes.map((l) => [l.resourceId, l])), [lanes]);
  const totals = useMemo(() => {
    let shown = 0;
    let all = 0;
    let late = 0;
    for (const l of lanes) {
      shown += l.shown.length;
      all += l.all.length;
      late += l.late;
    }
    return { shown, all, late };
  }, [lanes]);

  // Selected tasks that are gone (deleted, another schedule) drop out of the selection.
  const selected = useMemo(() => selectedInOrder(data.lanes, selection.ids), [data.lanes, selection.ids]);
  const selectedIds = useMemo(
    () =>
      selected.length === selection.ids.size ? selection.ids : new Set(selected.map((s) => s.ScheduleTaskID)),
    [selected, selection.ids],
  );
  const single = selected.length === 1 ? (selected[0] as Task) : null;

  // ---------------------------------------------------------------------------------------- edits
  const move = useCallback(
    async (ids: readonly number[], lane: string, position: number) => {
      const real = ids.filter((id) => id > 0);
      if (real.length === 0 || isNoOpMove(data.lanes, real, lane, position)) return;
      // Asked before the move lands (issue 15, item 6): No leaves every task where it was.
      const other = otherKindSources(data.lanes, real, lane, data.settings.workcenters);
      if (other.length > 0) {
        const yes = await alerts.question(
          t(
            'Move to {{to}} ({{toKind}}) from {{from}} ({{fromKind}})? A machine of another kind may not be able to run it. The task will take the rate of {{to}}: its rate algorithm, else its costing engine, else its official rate.',
            {
              to: lane,
              toKind: t(other[0]!.toKind),
              from: other.map((o) => o.from).join(', '),
              fromKind: [...new Set(other.map((o) => t(o.fromKind)))].join(', '),
            },
          ),
        );
        if (!yes) return;
      }
      mark('schedule:drop');
      enqueue(MoveScheduleTasks, { ScheduleTaskIDs: [...real], ResourceID: lane, ProductionOrder: position });
    },
    [data.lanes, data.settings.workcenters, enqueue, alerts, t],
  );
  const setField = useCallback(
    (tasks: readonly Task[], field: 'Color' | 'StatusID', value: ScheduleColor | number | null) => {
      for (const tk of tasks) {
        if (tk.ScheduleTaskID < 0 || tk[field] === value) continue;
        enqueue(UpdateScheduleTask, {
          ScheduleTaskID: tk.ScheduleTaskID,
          FieldName: field,
          Value: value,
        } as never);
      }
    },
    [enqueue],
  );
  const remove = useCallback(async () => {
    const tasks = selected.filter((s) => s.ScheduleTaskID > 0);
    if (tasks.length === 0) return;
    const yes = await alerts.question(
      tasks.length === 1
        ? t('Delete the task of {{job}} operation {{seq}} from the schedule?', {
            job: tasks[0]?.JobNumber ?? '',
            seq: tasks[0]?.OperationSequence ?? '',
          })
        : t('Delete {{n}} tasks from the schedule?', { n: tasks.length }),
      { key: 'delete-schedule-tasks' },
    );
    if (!yes) return;
    for (const tk of tasks) enqueue(DeleteScheduleTask, { ScheduleTaskID: tk.ScheduleTaskID });
    setSelection(emptySelection);
  }, [selected, alerts, enqueue, t]);

  // ---------------------------------------------------------------------------------------- pointer
  const boardRef = useRef<HTMLDivElement>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const press = useRef<{ id: number; lane: string; x: number; y: number; dragging: boolean } | null>(null);
  const suppressClick = useRef(false);
  const latest = useRef({ lanes: laneByResource, selection: selectedIds, move });
  latest.current = { lanes: laneByResource, selection: selectedIds, move };

  const onPointerMove = useCallback(
    (e: PointerEvent) => {
      const p = press.current;
      if (!p) return;
      if (!p.dragging) {
        if (Math.abs(e.clientX - p.x) + Math.abs(e.clientY - p.y) < DRAG_THRESHOLD_PX) return;
        p.dragging = true;
        const sel = latest.current.selection;
        const ids = sel.has(p.id) ? [...sel] : [p.id];
        drag.set({ ids, target: null });
        if (ghostRef.current) {
          ghostRef.current.textContent =
            ids.length === 1 ? t('Moving 1 task') : t('Moving {{n}} tasks', { n: ids.length });
          ghostRef.current.style.display = 'block';
        }
      }
      if (ghostRef.current)
        ghostRef.current.style.transform = `translate(${e.clientX + 12}px, ${e.clientY + 8}px)`;
      const el = document.elementFromPoint(e.clientX, e.clientY);
      const list = el?.closest<HTMLElement>('[data-lane-list]') ?? null;
      const state = drag.get();
      if (!state) return;
      if (!list) {
        drag.set({ ids: state.ids, target: null });
        return;
      }
      const laneId = list.dataset.laneList ?? '';
      const lane = latest.current.lanes.get(laneId);
      const rect = list.getBoundingClientRect();
      // Near the top or bottom edge the lane scrolls, so a task can be dropped anywhere in a long lane.
      if (e.clientY > rect.bottom - 40) list.scrollTop += 24;
      else if (e.clientY < rect.top + 40) list.scrollTop -= 24;
      const gap = gapAt(e.clientY - rect.top + list.scrollTop, ROW_HEIGHT, lane?.shown.length ?? 0);
      drag.set({ ids: state.ids, target: { lane: laneId, gap } });
    },
    [drag, t],
  );

  const onPointerUp = useCallback(() => {
    const p = press.current;
    press.current = null;
    window.removeEventListener('pointermove', onPointerMove);
    window.removeEventListener('pointerup', onPointerUp);
    window.removeEventListener('pointercancel', onPointerUp);
    if (ghostRef.current) ghostRef.current.style.display = 'none';
    const state = drag.get();
    drag.set(null);
    if (!p?.dragging || !state) return;
    suppressClick.current = true;
    setTimeout(() => {
      suppressClick.current = false;
    }, 0);
    if (!state.target) return;
    const lane = latest.current.lanes.get(state.target.lane);
    if (!lane) return;
    const position = dropOrder(lane.all, lane.shown, state.target.gap, new Set(state.ids));
    void latest.current.move(state.ids, state.target.lane, position);
  }, [drag, onPointerMove]);

  useEffect(
    () => () => {
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointercancel', onPointerUp);
    },
    [onPointerMove, onPointerUp],
  );

  const onPointerDown = (e: React.PointerEvent) => {
    if (!canEdit || e.button !== 0) return;
    const card = (e.target as HTMLElement).closest<HTMLElement>('[data-task]');
    const lane = card?.closest<HTMLElement>('[data-lane]')?.dataset.lane;
    if (!card || !lane) return;
    const id = Number(card.dataset.task);
    if (id < 0) return;
    press.current = { id, lane, x: e.clientX, y: e.clientY, dragging: false };
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerUp);
    window.addEventListener('pointercancel', onPointerUp);
  };

  const onClick = (e: React.MouseEvent) => {
    if (suppressClick.current) return;
    const card = (e.target as HTMLElement).closest<HTMLElement>('[data-task]');
    const laneId = card?.closest<HTMLElement>('[data-lane]')?.dataset.lane;
    if (!card || !laneId) return;
    const lane = laneByResource.get(laneId);
    if (!lane) return;
    const id = Number(card.dataset.task);
    setSelection((s) =>
      clickSelect(s, laneId, lane.shown, id, { toggle: e.ctrlKey || e.metaKey, range: e.shiftKey }),
    );
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === 'Escape') setSelection(emptySelection);
    if (!canEdit || selected.length === 0) return;
    if (e.key === 'Delete') void remove();
    if (e.key === 'm' || e.key === 'M') {
      e.preventDefault();
      setDialog('move');
    }
  };

  // ---------------------------------------------------------------------------------------- lanes
  const columns = useVirtualizer({
    horizontal: true,
    count: lanes.length,
    getScrollElement: () => boardRef.current,
    estimateSize: () => LANE_WIDTH,
    overscan: 1,
    initialRect: { width: 1400, height: 800 },
    getItemKey: (i) => lanes[i]?.resourceId ?? i,
  });

  const statuses = data.settings.statuses;
  const description = (resourceId: string) => data.settings.workcenters.get(resourceId)?.Description ?? '';

  if (!data.header) {
    return (
      <p className="muted" data-testid="schedule-loading">
        {data.error ?? t('Loading…')}
      </p>
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts (Delete, M, Escape) for the selected cards inside.
    <div
      className="sp-board-wrap"
      data-testid="schedule-board"
      data-schedule={scheduleId}
      data-synced={data.synced ? 'true' : 'false'}
      data-complete={data.complete ? 'true' : 'false'}
      data-saving={data.saving.size}
      onKeyDown={onKeyDown}
    >
      <search className="sp-filters">
        <input
          type="search"
          placeholder={t('Search job or part')}
          aria-label={t('Search job or part')}
          value={filters.search}
          onChange={(e) => setFilters((f) => ({ ...f, search: e.target.value }))}
        />
        <select
          aria-label={t('Status')}
          value={filters.status === null ? '' : String(filters.status)}
          onChange={(e) =>
            setFilters((f) => ({
              ...f,
              status:
                e.target.value === '' ? null : e.target.value === 'none' ? 'none' : Number(e.target.value),
            }))
          }
        >
          <option value="">{t('Any status')}</option>
          <option value="none">{t('No status')}</option>
          {statuses.map((s) => (
            <option key={s.StatusID} value={s.StatusID}>
              {s.Name}
            </option>
          ))}
        </select>
        <select
          aria-label={t('Colour')}
          value={filters.color ?? ''}
          onChange={(e) =>
            setFilters((f) => ({ ...f, color: (e.target.value || null) as ScheduleColor | null }))
          }
        >
          <option value="">{t('Any colour')}</option>
          {colorChoices.map((c) => (
            <option key={c} value={c}>
              {c === 'n/a' ? t('No colour') : t(c)}
            </option>
          ))}
        </select>
        <label className="sp-check">
          <input
            type="checkbox"
            checked={filters.lateOnly}
            onChange={(e) => setFilters((f) => ({ ...f, lateOnly: e.target.checked }))}
          />
          {t('Late only')}
        </label>
        <details className="sp-lanes-menu">
          <summary>
            {t('Lanes')} ({allLaneIds.length - filters.hiddenLanes.size}/{allLaneIds.length})
          </summary>
          <div className="sp-lanes-pop">
            <button
              type="button"
              className="link"
              onClick={() => setFilters((f) => ({ ...f, hiddenLanes: new Set() }))}
            >
              {t('Show all')}
            </button>
            {allLaneIds.map((id) => (
              <label key={id} className="sp-check">
                <input
                  type="checkbox"
                  checked={!filters.hiddenLanes.has(id)}
                  onChange={(e) =>
                    setFilters((f) => {
                      const hidden = new Set(f.hiddenLanes);
                      if (e.target.checked) hidden.delete(id);
                      else hidden.add(id);
                      return { ...f, hiddenLanes: hidden };
                    })
                  }
                />
                {id} <span className="muted">{description(id)}</span>
              </label>
            ))}
          </div>
        </details>
        <span className="sp-counts" data-testid="schedule-counts">
          {totals.shown === totals.all
            ? t('{{n}} tasks', { n: totals.all })
            : t('{{shown}} of {{n}} tasks', { shown: totals.shown, n: totals.all })}{' '}
          · {t('{{n}} late', { n: totals.late })}
          {data.saving.size > 0 && (
            <span className="sp-saving-note"> · {t('saving {{n}}', { n: data.saving.size })}</span>
          )}
          {!data.complete && <span className="muted"> · {t('loading the rest of the lanes…')}</span>}
          {data.complete && !data.synced && <span className="muted"> · {t('connecting…')}</span>}
        </span>
      </search>

      <div className="sp-actions">
        <span data-testid="selection-count">
          {selected.length === 0
            ? t('Click a task to select it; Ctrl-click or Shift-click for more')
            : t('{{n}} selected', { n: selected.length })}
        </span>
        {canEdit && selected.length > 0 && (
          <>
            <button type="button" onClick={() => setDialog('move')}>
              {t('Move to…')}
            </button>
            <button
              type="button"
              disabled={!single || single.OperationQty < 2}
              onClick={() => setDialog('split')}
            >
              {t('Split…')}
            </button>
            <button type="button" className="danger" onClick={() => void remove()}>
              {t('Delete')}
            </button>
            <select
              aria-label={t('Set colour')}
              value=""
              onChange={(e) => e.target.value && setField(selected, 'Color', e.target.value as ScheduleColor)}
            >
              <option value="">{t('Colour…')}</option>
              {colorChoices.map((c) => (
                <option key={c} value={c}>
                  {c === 'n/a' ? t('No colour') : t(c)}
                </option>
              ))}
            </select>
            <select
              aria-label={t('Set status')}
              value=""
              onChange={(e) =>
                e.target.value &&
                setField(selected, 'StatusID', e.target.value === 'none' ? null : Number(e.target.value))
              }
            >
              <option value="">{t('Status…')}</option>
              <option value="none">{t('No status')}</option>
              {statuses
                .filter((s) => s.Active)
                .map((s) => (
                  <option key={s.StatusID} value={s.StatusID}>
                    {s.Name}
                  </option>
                ))}
            </select>
          </>
        )}
        {selected.length > 0 && (
          <button type="button" className="link" onClick={() => setSelection(emptySelection)}>
            {t('Clear selection')}
          </button>
        )}
      </div>

      <div className="sp-main">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the cards inside are the options; the board delegates their clicks and drags. */}
        <div
          className="sp-board"
          ref={boardRef}
          data-testid="lanes"
          onPointerDown={onPointerDown}
          onClick={onClick}
          onKeyDown={undefined}
        >
          <div style={{ width: columns.getTotalSize(), height: '100%', position: 'relative' }}>
            {columns.getVirtualItems().map((col) => {
              const lane = lanes[col.index];
              if (!lane) return null;
              return (
                <div
                  key={col.key}
                  className="sp-col"
                  style={{ transform: `translateX(${col.start}px)`, width: LANE_WIDTH }}
                >
                  <Lane
                    lane={lane}
                    description={description(lane.resourceId)}
                    plantId={plantId}
                    selected={selectedIds}
                    saving={data.saving}
                    statusById={data.settings.statusById}
                    drag={drag}
                    t={t}
                  />
                </div>
              );
            })}
          </div>
        </div>
        {single && (
          <TaskPanel
            key={single.ScheduleTaskID}
            task={single}
            plantId={plantId}
            canEdit={canEdit && single.ScheduleTaskID > 0}
            canViewDetails={canViewDetails}
            onClose={() => setSelection(emptySelection)}
          />
        )}
      </div>
      <div className="sp-ghost" ref={ghostRef} aria-hidden="true" />
      {dialog === 'split' && single && (
        <SplitDialog
          task={single}
          onClose={() => setDialog(null)}
          onSplit={(quantity) => {
            enqueue(SplitScheduleTask, { ScheduleTaskID: single.ScheduleTaskID, Quantity: quantity });
            setDialog(null);
          }}
        />
      )}
      {dialog === 'move' && selected.length > 0 && (
        <MoveDialog
          count={selected.length}
          lanes={allLaneIds.map((id) => ({
            id,
            description: description(id),
            size: data.lanes.get(id)?.length ?? 0,
          }))}
          initialLane={selected[0]?.ResourceID ?? allLaneIds[0] ?? ''}
          onClose={() => setDialog(null)}
          onMove={(lane, position) => {
            void move(
              selected.map((s) => s.ScheduleTaskID),
              lane,
              position,
            );
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
