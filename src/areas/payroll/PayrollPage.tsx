import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GetPayroll, LockPayrollWeek, SavePayrollEntry } from '../../../domain/payroll/calls';
import type {
  PayrollDate,
  PayrollField,
  PayrollPerson,
  PayrollRecord,
  PayrollWeek,
} from '../../../domain/payroll/entities';
import { payrollTopic } from '../../../domain/payroll/live';
import { applyEntryEdit, regularOverThreshold } from '../../../domain/payroll/rules';
import { plantTimeZone } from '../../../domain/platform/plants';
import { addDays } from '../../../domain/scheduling/calendar';
import { messageOf } from '../../api';
import { useServices, useUser } from '../../app/context';
import { PlantPicker } from '../../app/PlantPicker';
import { useTopicRefresh } from '../../app/use-topic';
import { useT } from '../../i18n';
import {
  cellText,
  formatDay,
  type GridMove,
  gridMoveOf,
  gridStep,
  money,
  readView,
  writeView,
} from './payroll';
import './payroll.css';

const dayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const fieldLabels: Record<PayrollField, string> = {
  RegularHours: 'Regular hours',
  OvertimeHours: 'Overtime hours',
  HolidayHours: 'Holiday hours',
  PrepayAmount: 'Prepay',
  Notes: 'Notes',
};
const shortLabels: Record<PayrollField, string> = {
  RegularHours: 'Reg',
  OvertimeHours: 'OT',
  HolidayHours: 'Hol',
  PrepayAmount: 'Prepay',
  Notes: 'Notes',
};

/**
 * Where a day's hours come from (issue 15, item 5), as a mark on its first cell with the reason as
 * title and accessible name: a person's entry, the salaried default, the time clock, or a punch still
 * open (not paid until closed, which is why the timecards may show more today). Nothing on an empty day.
 */
function SourceMark(props: { day: PayrollDate; t: ReturnType<typeof useT> }) {
  const { day, t } = props;
  const p = day.Payroll;
  const hours = p.RegularHours + p.OvertimeHours;
  const clocked = day.ClockedHours ?? 0;
  const open = day.OpenPunchHours ?? 0;
  let kind: 'manual' | 'salaried' | 'open' | 'clock';
  let text: string;
  if (p.HoursSource === 'manual') {
    kind = 'manual';
    text = t('Typed by {{name}}: a person’s entry wins over the time clock ({{h}} h clocked).', {
      name: p.ModifiedBy ?? '',
      h: clocked,
    });
  } else if (p.HoursSource === 'salaried') {
    if (!hours) return null;
    kind = 'salaried';
    text = t('Salaried: the default {{h}} h of a working day.', { h: hours });
  } else if (open > 0) {
    kind = 'open';
    text = t(
      'Clocked in: {{o}} h so far on an open punch, paid once they punch out (closed punches: {{h}} h).',
      {
        o: open,
        h: clocked,
      },
    );
  } else if (clocked > 0 || hours > 0) {
    kind = 'clock';
    text = t('From the time clock: {{h}} h of closed punches.', { h: clocked });
  } else return null;
  return (
    <span
      className={`pay-src pay-src-${kind}`}
      role="img"
      title={text}
      aria-label={text}
      data-source={kind}
      data-day={day.PayrollDate}
    >
      {sourceSymbols[kind]}
    </span>
  );
}
const sourceSymbols = { manual: '✎', salaried: 'S', open: '●', clock: '◷' } as const;

/**
 * Moves the focus from a grid cell to its neighbour (arrow keys, Enter), over cells that cannot be
 * edited; its text is selected, as a spreadsheet does. false at the grid's edge.
 */
function focusGridCell(from: HTMLInputElement, move: GridMove): boolean {
  const body = from.closest('tbody');
  if (!body) return false;
  const rows = [...body.querySelectorAll('tr')].map((tr) => [
    ...tr.querySelectorAll<HTMLInputElement>('input[data-cell]'),
  ]);
  const r = rows.findIndex((row) => row.includes(from));
  if (r < 0) return false;
  const to = gridStep(
    rows.map((row) => row.map((i) => !i.disabled)),
    r,
    rows[r]!.indexOf(from),
    move,
  );
  if (!to) return false;
  const target = rows[to[0]]![to[1]]!;
  target.focus();
  target.select();
  return true;
}

/** A refused edit: which cell, what was typed (kept in the cell), and why. */
interface CellError {
  key: string;
  text: string;
  message: string;
}

/**
 * One editable value of a record. Shows what was typed until the server's value changes (this edit
 * saved, or someone else's later one); on leaving the cell (or Enter) the rules of
 * domain/payroll/rules.ts check it at once: a refusal keeps the typed text and says why, an accepted
 * value goes through the post queue and stays shown.
 */
function EntryCell(props: {
  record: PayrollRecord;
  field: PayrollField;
  label: string;
  disabled: boolean;
  error: CellError | null;
  onError(e: CellError | null): void;
  save(record: PayrollRecord, field: PayrollField, value: number | string): void;
  wide?: boolean;
  /** A cell of the week grid: the arrow keys and Enter move between the grid's cells. */
  grid?: boolean;
}) {
  const { record, field } = props;
  const key = `${record.PayrollID}:${field}`;
  const server = cellText(field, record[field]);
  const [draft, setDraft] = useState<{ text: string; base: string } | null>(
    props.error ? { text: props.error.text, base: server } : null,
  );
  // The server's value changed: it is now the saved value (ours or a later one).
  useEffect(() => {
    setDraft((d) => (d && d.base !== server ? null : d));
  }, [server]);
  const shown = draft ? draft.text : server;
  const commit = () => {
    if (!draft || draft.text === server) {
      setDraft(null);
      if (props.error) props.onError(null);
      return;
    }
    const edit = applyEntryEdit(record, field, draft.text);
    if (!edit.ok) {
      props.onError({ key, text: draft.text, message: edit.message });
      return;
    }
    if (props.error) props.onError(null);
    setDraft({ text: cellText(field, edit.value), base: server });
    props.save(record, field, edit.value);
  };
  return (
    <input
      type="text"
      inputMode={field === 'Notes' ? 'text' : 'decimal'}
      className={`pay-input${field === 'PrepayAmount' ? ' pay-money' : ''}${props.wide ? ' pay-wide' : ''}${props.error ? ' pay-invalid' : ''}`}
      aria-label={props.label}
      aria-invalid={props.error ? true : undefined}
      data-cell={key}
      value={shown}
      disabled={props.disabled}
      maxLength={field === 'Notes' ? 500 : 12}
      onChange={(e) => setDraft({ text: e.target.value, base: server })}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          setDraft(null);
          props.onError(null);
          return;
        }
        const el = e.currentTarget;
        const move = props.grid
          ? gridMoveOf(
              e.key,
              { start: el.selectionStart, end: el.selectionEnd, length: el.value.length },
              e.shiftKey,
            )
          : null;
        if (move) {
          e.preventDefault();
          // A refused value keeps the focus, its text and the reason: moving on would leave a value on
          // screen that was never saved. An accepted one is saved as the cell loses the focus.
          if (draft && draft.text !== server && !applyEntryEdit(record, field, draft.text).ok) {
            commit();
            return;
          }
          if (focusGridCell(el, move)) return;
        }
        if (e.key === 'Enter') el.blur();
      }}
    />
  );
}

function totalsCells(week: PayrollWeek, view: { holiday: boolean; prepay: boolean }) {
  const t = week.Totals;
  return (
    <>
      <td className="num pay-total" data-total="RegularHours">
        {t.RegularHours}
      </td>
      <td className="num pay-total" data-total="OvertimeHours">
        {t.OvertimeHours}
      </td>
      {view.holiday && (
        <td className="num pay-total" data-total="HolidayHours">
          {t.HolidayHours}
        </td>
      )}
      <td className="num pay-total" data-total="TotalHours">
        <strong>{t.TotalHours}</strong>
      </td>
      {view.prepay && (
        <td className="num pay-total" data-total="PrepayAmount">
          {money(t.PrepayAmount)}
        </td>
      )}
    </>
  );
}

/**
 * /payroll: a plant's employees (rows) by the seven days of a payroll week (columns, Monday to Sunday,
 * plant-local), regular and overtime hours per day, holiday hours and prepay when those views are on,
 * the week's totals and its lock. A day (column header) and an employee (row name) are selected: the
 * panel under the grid shows that day's record with its notes. The week, the selection, the plant and
 * the views are kept in the address (a reload opens the same). Edits go through the post queue;
 * everyone's edits and locks arrive on `payroll:{PlantID}` and the grid reads again.
 */
export function PayrollPage() {
  const { backgroundApi, enqueue, alerts } = useServices();
  const user = useUser();
  const t = useT();
  const canEdit = Boolean(user?.EditPayroll);
  const canLock = Boolean(user?.LockPayroll);
  const userPlant = user?.PlantID ?? 1;
  const [search, setSearch] = useSearchParams();
  const view = useMemo(
    () => readView(search, { plantId: userPlant, tz: plantTimeZone(userPlant), now: Date.now() }),
    [search, userPlant],
  );
  const tz = plantTimeZone(view.plantId);
  const setView = (change: Partial<typeof view>) =>
    setSearch(writeView({ ...view, ...change }, { plantId: userPlant }), { replace: true });

  const [data, setData] = useState<{ key: string; people: PayrollPerson[] } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [cellError, setCellError] = useState<CellError | null>(null);
  const key = `${view.plantId}:${view.week}`;

  const reload = useCallback(() => {
    backgroundApi.get(GetPayroll, { PlantID: view.plantId, WeekStart: view.week, Weeks: 1 }).then(
      (people) => {
        setData({ key: `${view.plantId}:${view.week}`, people });
        setLoadError(null);
      },
      (e: unknown) => setLoadError(messageOf(e)),
    );
  }, [backgroundApi, view.plantId, view.week]);
  useEffect(reload, [reload]);
  useTopicRefresh(payrollTopic(view.plantId), reload);

  const people = data?.key === key ? data.people : null;
  const days = people?.[0]?.PayrollWeeks[0]?.PayrollDates.map((d) => d.PayrollDate) ?? [];
  const selected = people?.find((p) => p.Employee.EmployeeID === view.employee) ?? null;
  const selectedDay =
    selected?.PayrollWeeks[0]?.PayrollDates.find((d) => d.PayrollDate === view.day)?.Payroll ?? null;

  const save = (record: PayrollRecord, field: PayrollField, value: number | string) =>
    enqueue(SavePayrollEntry, { PayrollID: record.PayrollID, FieldName: field, Value: value });
  const lock = async (person: PayrollPerson, week: PayrollWeek) => {
    const locking = !week.Locked;
    if (locking) {
      const yes = await alerts.question(
        t('Lock the week of {{week}} for {{name}}? Its days cannot be changed until it is unlocked.', {
          week: formatDay(week.WeekStart),
          name: person.Employee.Name,
        }),
      );
      if (!yes) return;
    }
    enqueue(LockPayrollWeek, {
      PlantID: view.plantId,
      EmployeeID: person.Employee.EmployeeID,
      WeekStart: week.WeekStart,
      Locked: locking,
    });
  };

  const fields: PayrollField[] = [
    'RegularHours',
    'OvertimeHours',
    ...(view.holiday ? (['HolidayHours'] as const) : []),
    ...(view.prepay ? (['PrepayAmount'] as const) : []),
  ];
  const cellProps = (record: PayrollRecord, field: PayrollField, name: string) => ({
    record,
    field,
    label: t('{{field}} of {{name}} on {{day}}', {
      field: t(fieldLabels[field]),
      name,
      day: formatDay(record.PayrollDate),
    }),
    disabled: !canEdit || record.Locked,
    error: cellError?.key === `${record.PayrollID}:${field}` ? cellError : null,
    onError: setCellError,
    save,
  });

  return (
    <section className="page pay-page">
      <div className="card">
        <div className="row spread">
          <h1>{t('Payroll')}</h1>
          <span className="muted">
            {canEdit ? t('Changes save as you make them') : t('Read only')} · {tz}
          </span>
        </div>
        <div className="toolbar pay-toolbar">
          <PlantPicker
            className="pay-picker"
            value={view.plantId}
            onChange={(p) => setView({ plantId: p, employee: null })}
          />
          <span className="pay-weeknav">
            <button type="button" onClick={() => setView({ week: addDays(view.week, -7), day: null })}>
              {t('◂ Previous week')}
            </button>
            <strong data-week={view.week}>{t('Week of {{date}}', { date: formatDay(view.week) })}</strong>
            <button type="button" onClick={() => setView({ week: addDays(view.week, 7), day: null })}>
              {t('Next week ▸')}
            </button>
            <button
              type="button"
              onClick={() => {
                const s = new URLSearchParams(search);
                s.delete('week');
                s.delete('day');
                setSearch(s, { replace: true });
              }}
            >
              {t('This week')}
            </button>
          </span>
          <label className="pay-toggle">
            <input
              type="checkbox"
              checked={view.holiday}
              onChange={(e) => setView({ holiday: e.target.checked })}
            />{' '}
            {t('Holiday hours')}
          </label>
          <label className="pay-toggle">
            <input
              type="checkbox"
              checked={view.prepay}
              onChange={(e) => setView({ prepay: e.target.checked })}
            />{' '}
            {t('Prepay')}
          </label>
          <span className="pay-legend muted" role="note" aria-label={t('Where the hours come from')}>
            {sourceSymbols.clock} {t('time clock')} · {sourceSymbols.open} {t('clocked in now')} ·{' '}
            {sourceSymbols.salaried} {t('salaried default')} · {sourceSymbols.manual} {t('typed by a person')}
          </span>
        </div>
        {loadError && <p className="alert alert-error">{loadError}</p>}
        {cellError && (
          <p className="alert alert-error" role="alert" data-cell-error={cellError.key}>
            {t('Not saved:')} {cellError.message}{' '}
            <span className="muted">{t('(fix the value, or press Escape to go back to the saved one)')}</span>
          </p>
        )}
        {!people ? (
          !loadError && <p className="muted">{t('Loading…')}</p>
        ) : people.length === 0 ? (
          <p className="muted">{t('This plant has no employees.')}</p>
        ) : (
          <div className="table-wrap">
            <table className="grid pay-grid" aria-label={t('Payroll')}>
              <thead>
                <tr>
                  <th rowSpan={2}>{t('Employee')}</th>
                  {days.map((d, i) => (
                    <th
                      key={d}
                      colSpan={fields.length}
                      className={`pay-day${d === view.day ? ' pay-selected' : ''}`}
                      aria-selected={d === view.day}
                    >
                      <button
                        type="button"
                        className="pay-pick"
                        data-day={d}
                        onClick={() => setView({ day: d === view.day ? null : d })}
                      >
                        {t(dayNames[i]!)} {formatDay(d)}
                      </button>
                    </th>
                  ))}
                  <th colSpan={3 + (view.holiday ? 1 : 0) + (view.prepay ? 1 : 0)}>{t('Week totals')}</th>
                  <th rowSpan={2}>{t('Week')}</th>
                </tr>
                <tr>
                  {days.flatMap((d) =>
                    fields.map((f, fi) => (
                      <th
                        key={`${d}:${f}`}
                        className={`num pay-sub${fi === 0 ? ' pay-daystart' : ''}${d === view.day ? ' pay-selected' : ''}`}
                      >
                        {t(shortLabels[f])}
                      </th>
                    )),
                  )}
                  <th className="num">{t('Reg')}</th>
                  <th className="num">{t('OT')}</th>
                  {view.holiday && <th className="num">{t('Hol')}</th>}
                  <th className="num">{t('Total')}</th>
                  {view.prepay && <th className="num">{t('Prepay')}</th>}
                </tr>
              </thead>
              <tbody>
                {people.map((person) => {
                  const week = person.PayrollWeeks[0]!;
                  const id = person.Employee.EmployeeID;
                  const over = regularOverThreshold(week.Totals);
                  return (
                    <tr
                      key={id}
                      data-employee={id}
                      className={`${id === view.employee ? 'pay-selected-row' : ''}${week.Locked ? ' pay-locked' : ''}`}
                    >
                      <th scope="row" className="pay-name">
                        <button
                          type="button"
                          className="pay-pick"
                          aria-pressed={id === view.employee}
                          onClick={() => setView({ employee: id === view.employee ? null : id })}
                        >
                          {person.Employee.Name}
                        </button>
                        <span className="muted pay-id">{id}</span>
                      </th>
                      {week.PayrollDates.flatMap((day) =>
                        fields.map((f, fi) => (
                          <td
                            key={`${day.PayrollDate}:${f}`}
                            className={`num${fi === 0 ? ' pay-daystart' : ''}${day.PayrollDate === view.day ? ' pay-selected' : ''}${fi === 0 && day.Payroll.Notes ? ' pay-noted' : ''}`}
                            title={day.Payroll.Notes || undefined}
                          >
                            <span className="pay-cell">
                              {fi === 0 && <SourceMark day={day} t={t} />}
                              <EntryCell {...cellProps(day.Payroll, f, person.Employee.Name)} grid />
                            </span>
                          </td>
                        )),
                      )}
                      {totalsCells(week, view)}
                      <td className="pay-lock">
                        {week.Locked ? (
                          <span className="pay-badge" title={week.LockedBy ?? undefined}>
                            {t('Locked')}
                          </span>
                        ) : (
                          <span className="muted">{t('Open')}</span>
                        )}
                        {canLock && (
                          <button
                            type="button"
                            className="pay-lock-button"
                            onClick={() => void lock(person, week)}
                          >
                            {week.Locked ? t('Unlock') : t('Lock')}
                          </button>
                        )}
                        {over > 0 && (
                          <div className="pay-warn">{t('{{n}} regular h over 40', { n: over })}</div>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {people && (
          <div className="pay-detail" aria-live="polite">
            {selected && selectedDay ? (
              <>
                <h2>
                  {selected.Employee.Name} · {t(dayNames[days.indexOf(selectedDay.PayrollDate)] ?? '')}{' '}
                  {formatDay(selectedDay.PayrollDate)}
                </h2>
                <div className="pay-detail-fields">
                  {(['RegularHours', 'OvertimeHours', 'HolidayHours', 'PrepayAmount'] as const).map((f) => (
                    <div key={f} className="pay-field">
                      <span>{t(fieldLabels[f])}</span>
                      <EntryCell
                        {...cellProps(selectedDay, f, selected.Employee.Name)}
                        label={t('{{field}} of the selected day', { field: t(fieldLabels[f]) })}
                      />
                    </div>
                  ))}
                  <div className="pay-field pay-notes">
                    <span>{t('Notes')}</span>
                    <EntryCell
                      {...cellProps(selectedDay, 'Notes', selected.Employee.Name)}
                      label={t('Notes of the selected day')}
                      wide
                    />
                  </div>
                </div>
                <p className="muted">
                  {selectedDay.ModifiedBy
                    ? t('Last changed by {{name}}', { name: selectedDay.ModifiedBy })
                    : t('Not changed yet')}
                  {selectedDay.Locked && ` · ${t('The week is locked')}`}
                </p>
              </>
            ) : (
              <p className="muted">
                {t('Pick an employee (name) and a day (column header) to see the day and its notes.')}
              </p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
