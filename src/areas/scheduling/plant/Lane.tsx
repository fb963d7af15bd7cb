import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, useSyncExternalStore } from 'react';
import type { SchedulingStatus } from '../../../../domain/scheduling/entities';
import type { TFunction } from '../../../i18n/translator';
import { effectiveColor } from '../shared/colors';
import { isLate } from '../shared/plant-time';
import type { DragStore } from './drag';
import type { ShownLane } from './schedule-view';
import { ROW_HEIGHT, TaskCard } from './TaskCard';

export interface LaneProps {
  lane: ShownLane;
  description: string;
  plantId: number;
  selected: ReadonlySet<number>;
  saving: ReadonlySet<number>;
  statusById: ReadonlyMap<number, SchedulingStatus>;
  drag: DragStore;
  t: TFunction;
}

/** The gap a drag shows in this lane (null when the drag is elsewhere or there is none). */
function useDropGap(drag: DragStore, lane: string): number | null {
  return useSyncExternalStore(drag.subscribe, () => {
    const d = drag.get();
    return d?.target?.lane === lane ? d.target.gap : null;
  });
}

/**
 * One workcenter: its header (ResourceID, description, counts) and its tasks, vertically virtualised
 * (a lane of 250 tasks draws the dozen in view). Memoised: a lane is drawn again only when its list,
 * the selection or saving state of its tasks, or the drop indicator in it changes.
 */
export const Lane = memo(function Lane(props: LaneProps) {
  const { lane, description, plantId, selected, saving, statusById, drag, t } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({
    count: lane.shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    // jsdom and the first frame have no layout yet: draw the first cards rather than none.
    initialRect: { width: 280, height: 900 },
    getItemKey: (i) => lane.shown[i]?.ScheduleTaskID ?? i,
  });
  const gap = useDropGap(drag, lane.resourceId);
  const hours = lane.minutes / 60;
  return (
    <section className="sp-lane" data-testid="lane" data-lane={lane.resourceId} aria-label={lane.resourceId}>
      <header className="sp-lane-head">
        <strong>{lane.resourceId}</strong>
        <span className="muted sp-lane-desc">{description}</span>
        <span className="sp-lane-counts" data-testid="lane-counts">
          {lane.shown.length === lane.all.length
            ? t('{{n}} tasks', { n: lane.all.length })
            : t('{{shown}} of {{n}} tasks', { shown: lane.shown.length, n: lane.all.length })}{' '}
          · {hours.toFixed(hours >= 100 ? 0 : 1)} {t('h')}
          {lane.late > 0 && <span className="sp-late"> · {t('{{n}} late', { n: lane.late })}</span>}
        </span>
      </header>
      <div
        className="sp-lane-list"
        ref={scrollRef}
        data-lane-list={lane.resourceId}
        role="listbox"
        aria-multiselectable
      >
        <div style={{ height: rows.getTotalSize() + ROW_HEIGHT, position: 'relative' }}>
          {rows.getVirtualItems().map((row) => {
            const tk = lane.shown[row.index];
            if (!tk) return null;
            const status = tk.StatusID === null ? null : (statusById.get(tk.StatusID) ?? null);
            return (
              <div
                key={row.key}
                className="sp-row"
                data-index={row.index}
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <TaskCard
                  task={tk}
                  color={effectiveColor(tk, statusById)}
                  late={isLate(tk, plantId)}
                  selected={selected.has(tk.ScheduleTaskID)}
                  saving={saving.has(tk.ScheduleTaskID)}
                  plantId={plantId}
                  statusName={status?.Name ?? null}
                  t={t}
                />
              </div>
            );
          })}
          {gap !== null && (
            <div
              className="sp-drop"
              data-testid="drop-indicator"
              style={{ transform: `translateY(${gap * ROW_HEIGHT - 4}px)` }}
            />
          )}
          {lane.shown.length === 0 && <p className="muted sp-empty">{t('No tasks')}</p>}
        </div>
      </div>
    </section>
  );
});
