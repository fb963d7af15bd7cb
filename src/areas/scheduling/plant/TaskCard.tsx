import { memo } from 'react';
import type { ScheduleColor, Task } from '../../../../domain/scheduling/entities';
import type { TFunction } from '../../../i18n/translator';
import { formatLocalDate, formatSpan } from '../../../ui/format';
import { paintOf } from '../shared/colors';

/** Height of a card plus the gap below it: every card is this tall, so positions are arithmetic. */
export const ROW_HEIGHT = 104;
export const CARD_HEIGHT = 98;

const hours = (minutes: number) => (minutes / 60).toFixed(minutes >= 600 ? 0 : 1);

export interface TaskCardProps {
  task: Task;
  color: ScheduleColor;
  late: boolean;
  selected: boolean;
  saving: boolean;
  plantId: number;
  statusName: string | null;
  t: TFunction;
}

/**
 * One task on a lane: job and operation, part, quantity, minutes, start–end in plant time (spec 000
 * §9), due date with a late marker, its colour (own or status), ModStatus and Calculated badges, and
 * "saving" while its edit is queued. Drawn again only when one of these changes (the task object is
 * the same while its RowVersion is).
 */
export const TaskCard = memo(function TaskCard(props: TaskCardProps) {
  const { task: tk, color, late, selected, saving, plantId, statusName, t } = props;
  const paint = paintOf(color);
  const placeholder = tk.ScheduleTaskID < 0;
  return (
    <div
      className={`sp-card${selected ? ' sp-selected' : ''}${late ? ' sp-late-card' : ''}${saving ? ' sp-saving-card' : ''}`}
      data-testid="task-card"
      data-task={tk.ScheduleTaskID}
      data-job={tk.JobNumber}
      data-order={tk.ProductionOrder}
      data-saving={saving ? 'true' : 'false'}
      aria-selected={selected}
      role="option"
      tabIndex={-1}
      style={
        paint
          ? { background: paint.fill, borderLeftColor: paint.edge, height: CARD_HEIGHT }
          : { height: CARD_HEIGHT }
      }
    >
      <div className="sp-card-top">
        <strong className="sp-job">
          {tk.JobNumber}
          <span className="sp-seq">/{tk.OperationSequence}</span>
        </strong>
        <span className="sp-badges">
          {saving && <span className="sp-badge sp-badge-saving">{t('saving')}</span>}
          {tk.ModStatus !== '' && (
            <span className="sp-badge" title={tk.ModStatus === 'A' ? t('Added') : t('Updated')}>
              {tk.ModStatus}
            </span>
          )}
          {tk.Calculated && (
            <span className="sp-badge sp-badge-calc" title={t('Minutes from the algorithm')}>
              {t('Calc')}
            </span>
          )}
          {late && <span className="sp-badge sp-badge-late">{t('Late')}</span>}
        </span>
      </div>
      <div className="sp-line" title={tk.PartDescription}>
        {tk.PartNum} · {t('{{qty}} pcs', { qty: tk.OperationQty })}
        {tk.QtyCompleted > 0 && <span className="muted"> ({t('{{n}} done', { n: tk.QtyCompleted })})</span>}
      </div>
      <div className="sp-line sp-time">
        {placeholder
          ? t('Splitting…')
          : tk.StartAt && tk.EndAt
            ? formatSpan(tk.StartAt, tk.EndAt, plantId)
            : t('Not timed')}
      </div>
      <div className="sp-line sp-foot">
        <span>
          {Math.round(tk.EstimatedMinutes)} {t('min')} · {hours(tk.EstimatedMinutes)} {t('h')}
        </span>
        <span className={late ? 'sp-due sp-late' : 'sp-due'}>
          {tk.DueDate ? `${t('Due')} ${formatLocalDate(tk.DueDate)}` : t('No due date')}
        </span>
      </div>
      {(statusName || color !== 'n/a') && (
        <div className="sp-line sp-status muted">
          {statusName ?? ''}
          {statusName && color !== 'n/a' ? ' · ' : ''}
          {color !== 'n/a' ? t(color) : ''}
        </div>
      )}
    </div>
  );
});
