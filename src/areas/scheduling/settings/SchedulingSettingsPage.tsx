import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { ResultOf } from '../../../../domain/contract/call';
import {
  DeleteHoliday,
  DeleteOverride,
  DeleteShift,
  GetSchedulingSettings,
  SaveHoliday,
  SaveOverride,
  SaveSchedulingStatus,
  SaveShift,
  UpdateWorkcenterSetting,
} from '../../../../domain/scheduling/calls';
import {
  type Holiday,
  type Override,
  ScheduleColor,
  type SchedulingStatus,
  type Shift,
  WorkcenterSetting,
} from '../../../../domain/scheduling/entities';
import { schedulingSettingsTopic } from '../../../../domain/scheduling/live';
import { useServices, useUser } from '../../../app/context';
import { useTopicRefresh } from '../../../app/use-topic';
import { useT } from '../../../i18n';
import { formatClockTime } from '../../../ui/format';
import { formatLocalDate } from '../common/format';
import { paintOf } from '../shared/colors';
import { PlantPicker } from '../shared/PlantPicker';
import { usePlant } from '../shared/use-plant';
import '../common/scheduling.css';
import { type Draft, EditForm, type FieldSpec, useEditor } from './form';
import {
  changedWorkcenterFields,
  dayNames,
  groupShifts,
  isNightShift,
  numberOf,
  type SettingsTab,
  settingsTabs,
  shiftMinutes,
  sortHolidays,
  sortOverrides,
  sortStatuses,
  sortWorkcenters,
  tabOfPath,
  weeklyHours,
} from './settings';

type Settings = ResultOf<typeof GetSchedulingSettings>;

interface TabProps {
  settings: Settings;
  plantId: number;
  canEdit: boolean;
  /** Read the settings again now (the topic does too, a moment later). */
  reload(): void;
}

const colorOptions = ScheduleColor.options.map((c) => ({ value: c, text: c === 'n/a' ? 'No colour' : c }));
const dayOptions = [1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: String(d), text: dayNames[d]! }));

function Swatch({ color }: { color: ScheduleColor }) {
  const hex = paintOf(color)?.edge;
  return (
    <>
      {hex && <span className="ss-color" style={{ background: hex }} />}
      {color === 'n/a' ? '—' : color}
    </>
  );
}

function laneOptions(settings: Settings, plantText: string) {
  return [
    { value: '', text: plantText },
    ...sortWorkcenters(settings.Workcenters).map((w) => ({ value: w.ResourceID, text: w.ResourceID })),
  ];
}

/** A Delete button that asks first (the alert's yes/no question) and reports a refusal as an alert. */
function useDelete() {
  const { alerts, backgroundApi } = useServices();
  const t = useT();
  return async (question: string, run: (api: typeof backgroundApi) => Promise<unknown>, done: () => void) => {
    if (!(await alerts.question(t(question)))) return;
    try {
      await run(backgroundApi);
      done();
    } catch (e) {
      alerts.show('error', e instanceof Error ? e.message : String(e));
    }
  };
}

// ------------------------------------------------------------------------------------------ Status

function StatusTab({ settings, plantId, canEdit, reload }: TabProps) {
  const t = useT();
  const { backgroundApi } = useServices();
  const labels = { Name: 'Name', Color: 'Colour', SortOrder: 'Sort order', Active: 'Active' };
  const editor = useEditor({
    schema: SaveSchedulingStatus.payload,
    labels,
    toPayload: (d) => ({
      StatusID: Number(d.StatusID),
      PlantID: plantId,
      Name: String(d.Name).trim(),
      Color: d.Color,
      SortOrder: numberOf(String(d.SortOrder)),
      Active: Boolean(d.Active),
    }),
    save: (p) => backgroundApi.post(SaveSchedulingStatus, p as never).then(reload),
  });
  const fields: FieldSpec[] = [
    { name: 'Name', label: 'Name', kind: 'text', maxLength: 40 },
    { name: 'Color', label: 'Colour', kind: 'select', options: colorOptions },
    { name: 'SortOrder', label: 'Sort order', kind: 'number' },
    { name: 'Active', label: 'Active', kind: 'checkbox' },
  ];
  const list = sortStatuses(settings.Statuses);
  const draftOf = (s: SchedulingStatus): Draft => ({
    StatusID: String(s.StatusID),
    Name: s.Name,
    Color: s.Color,
    SortOrder: String(s.SortOrder),
    Active: s.Active,
  });
  const next = list.reduce((m, s) => Math.max(m, s.SortOrder + 1), 0);
  return (
    <>
      <TabHead
        title="Task statuses"
        note="A scheduler marks tasks with these (Released, Material short, …). Retire one by clearing Active."
        canEdit={canEdit}
        addText="Add status"
        onAdd={() =>
          editor.open('new', { StatusID: '0', Name: '', Color: 'n/a', SortOrder: String(next), Active: true })
        }
      />
      {editor.key === 'new' && <EditForm editor={editor} fields={fields} title="New status" />}
      <table className="ss-table" aria-label={t('Task statuses')}>
        <thead>
          <tr>
            <th>{t('Name')}</th>
            <th>{t('Colour')}</th>
            <th className="num">{t('Sort order')}</th>
            <th>{t('Active')}</th>
            {canEdit && <th />}
          </tr>
        </thead>
        <tbody>
          {list.map((s) => (
            <Row
              key={s.StatusID}
              editing={editor.key === String(s.StatusID)}
              span={5}
              form={<EditForm editor={editor} fields={fields} title={`Edit ${s.Name}`} />}
            >
              <td>{s.Name}</td>
              <td>
                <Swatch color={s.Color} />
              </td>
              <td className="num">{s.SortOrder}</td>
              <td>{s.Active ? t('Yes') : t('No')}</td>
              {canEdit && <RowActions onEdit={() => editor.open(String(s.StatusID), draftOf(s))} />}
            </Row>
          ))}
          <Empty show={list.length === 0} span={5} text="This plant has no task status yet." />
        </tbody>
      </table>
    </>
  );
}

// ------------------------------------------------------------------------------------------ Holidays

function HolidaysTab({ settings, plantId, canEdit, reload }: TabProps) {
  const t = useT();
  const { backgroundApi } = useServices();
  const remove = useDelete();
  const labels = { Date: 'Date', Description: 'Description' };
  const editor = useEditor({
    schema: SaveHoliday.payload,
    labels,
    toPayload: (d) => ({
      HolidayID: Number(d.HolidayID),
      PlantID: plantId,
      Date: String(d.Date),
      Description: String(d.Description).trim(),
    }),
    save: (p) => backgroundApi.post(SaveHoliday, p as never).then(reload),
  });
  const fields: FieldSpec[] = [
    { name: 'Date', label: 'Date', kind: 'date' },
    { name: 'Description', label: 'Description', kind: 'text', maxLength: 80 },
  ];
  const list = sortHolidays(settings.Calendar.Holidays);
  const draftOf = (h: Holiday): Draft => ({
    HolidayID: String(h.HolidayID),
    Date: h.Date,
    Description: h.Description,
  });
  return (
    <>
      <TabHead
        title="Holidays"
        note="No shift that starts on a holiday runs (a night shift begun the day before finishes). An override can still add work."
        canEdit={canEdit}
        addText="Add holiday"
        onAdd={() => editor.open('new', { HolidayID: '0', Date: '', Description: '' })}
      />
      {editor.key === 'new' && <EditForm editor={editor} fields={fields} title="New holiday" />}
      <table className="ss-table" aria-label={t('Holidays')}>
        <thead>
          <tr>
            <th>{t('Date')}</th>
            <th>{t('Day')}</th>
            <th>{t('Description')}</th>
            {canEdit && <th />}
          </tr>
        </thead>
        <tbody>
          {list.map((h) => (
            <Row
              key={h.HolidayID}
              editing={editor.key === String(h.HolidayID)}
              span={4}
              form={<EditForm editor={editor} fields={fields} title="Edit holiday" />}
            >
              <td>{formatLocalDate(h.Date)}</td>
              <td>{t(dayNames[new Date(`${h.Date}T12:00:00Z`).getUTCDay()]!)}</td>
              <td>{h.Description}</td>
              {canEdit && (
                <RowActions
                  onEdit={() => editor.open(String(h.HolidayID), draftOf(h))}
                  onDelete={() =>
                    remove(
                      `Delete the holiday ${h.Description} on ${formatLocalDate(h.Date)}?`,
                      (api) => api.post(DeleteHoliday, { HolidayID: h.HolidayID }),
                      reload,
                    )
                  }
                />
              )}
            </Row>
          ))}
          <Empty show={list.length === 0} span={4} text="This plant has no holiday." />
        </tbody>
      </table>
    </>
  );
}

// ------------------------------------------------------------------------------------------ Shifts

function ShiftsTab({ settings, plantId, canEdit, reload }: TabProps) {
  const t = useT();
  const { backgroundApi } = useServices();
  const remove = useDelete();
  const labels = { ResourceID: 'Applies to', Name: 'Name', DayOfWeek: 'Day', Start: 'Start', End: 'End' };
  const editor = useEditor({
    schema: SaveShift.payload,
    labels,
    toPayload: (d) => ({
      ShiftID: Number(d.ShiftID),
      PlantID: plantId,
      ResourceID: d.ResourceID ? String(d.ResourceID) : null,
      Name: String(d.Name).trim(),
      DayOfWeek: Number(d.DayOfWeek),
      Start: String(d.Start),
      End: String(d.End),
    }),
    save: (p) => backgroundApi.post(SaveShift, p as never).then(reload),
  });
  const fields: FieldSpec[] = [
    {
      name: 'ResourceID',
      label: 'Applies to',
      kind: 'select',
      options: laneOptions(settings, 'The plant (default)'),
    },
    { name: 'Name', label: 'Name', kind: 'text', maxLength: 40 },
    { name: 'DayOfWeek', label: 'Day', kind: 'select', options: dayOptions },
    { name: 'Start', label: 'Start', kind: 'time' },
    { name: 'End', label: 'End', kind: 'time' },
  ];
  const groups = groupShifts(settings.Calendar.Shifts);
  const draftOf = (s: Shift): Draft => ({
    ShiftID: String(s.ShiftID),
    ResourceID: s.ResourceID ?? '',
    Name: s.Name,
    DayOfWeek: String(s.DayOfWeek),
    Start: s.Start,
    End: s.End,
  });
  return (
    <>
      <TabHead
        title="Shifts"
        note={`Working windows per weekday in plant time (${settings.Calendar.TimeZone}). A workcenter's own shifts replace the plant's; an end at or before the start runs past midnight.`}
        canEdit={canEdit}
        addText="Add shift"
        onAdd={() =>
          editor.open('new', {
            ShiftID: '0',
            ResourceID: '',
            Name: 'First shift',
            DayOfWeek: '1',
            Start: '06:00',
            End: '14:30',
          })
        }
      />
      {editor.key === 'new' && <EditForm editor={editor} fields={fields} title="New shift" />}
      {groups.length === 0 && <p className="muted">{t('This plant has no shift: nothing can be timed.')}</p>}
      {groups.map((g) => (
        <section key={g.ResourceID ?? ''} className="ss-group" data-shift-group={g.ResourceID ?? 'plant'}>
          <h3>
            {g.ResourceID ?? t('The plant (default)')}{' '}
            <span className="muted">{t('{{hours}} h a week', { hours: weeklyHours(g.Shifts) })}</span>
          </h3>
          <table
            className="ss-table"
            aria-label={g.ResourceID ? t('Shifts of {{id}}', { id: g.ResourceID }) : t('Plant shifts')}
          >
            <thead>
              <tr>
                <th>{t('Day')}</th>
                <th>{t('Name')}</th>
                <th>{t('Start')}</th>
                <th>{t('End')}</th>
                <th className="num">{t('Hours')}</th>
                {canEdit && <th />}
              </tr>
            </thead>
            <tbody>
              {g.Shifts.map((s) => (
                <Row
                  key={s.ShiftID}
                  editing={editor.key === String(s.ShiftID)}
                  span={6}
                  form={<EditForm editor={editor} fields={fields} title="Edit shift" />}
                >
                  <td>{t(dayNames[s.DayOfWeek]!)}</td>
                  <td>{s.Name}</td>
                  <td>{formatClockTime(s.Start)}</td>
                  <td>
                    {formatClockTime(s.End)}
                    {isNightShift(s) && <span className="muted"> {t('(next day)')}</span>}
                  </td>
                  <td className="num">
                    {(shiftMinutes(s) / 60).toLocaleString('en-US', { maximumFractionDigits: 2 })}
                  </td>
                  {canEdit && (
                    <RowActions
                      onEdit={() => editor.open(String(s.ShiftID), draftOf(s))}
                      onDelete={() =>
                        remove(
                          `Delete the ${dayNames[s.DayOfWeek]} shift ${s.Name}?`,
                          (api) => api.post(DeleteShift, { ShiftID: s.ShiftID }),
                          reload,
                        )
                      }
                    />
                  )}
                </Row>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}

// ------------------------------------------------------------------------------------------ Workcenters

const WorkcenterForm = WorkcenterSetting.pick({
  Scheduled: true,
  EfficiencyPercent: true,
  Color: true,
  SortOrder: true,
});

function WorkcentersTab({ settings, canEdit, reload }: TabProps) {
  const t = useT();
  const { backgroundApi } = useServices();
  const stored = useRef(new Map<string, WorkcenterSetting>());
  stored.current = new Map(settings.Workcenters.map((w) => [w.ResourceID, w]));
  const labels = {
    Scheduled: 'Scheduled',
    EfficiencyPercent: 'Efficiency %',
    Color: 'Colour',
    SortOrder: 'Sort order',
  };
  const editor = useEditor({
    schema: WorkcenterForm,
    labels,
    toPayload: (d) => ({
      Scheduled: Boolean(d.Scheduled),
      EfficiencyPercent: numberOf(String(d.EfficiencyPercent)),
      Color: d.Color,
      SortOrder: numberOf(String(d.SortOrder)),
    }),
    // One call per changed field (the call changes one field at a time); a refusal stops there, and the
    // form keeps every value typed, the ones already saved included.
    save: async (p, d) => {
      const id = String(d.ResourceID);
      const before = stored.current.get(id);
      if (!before) throw new Error(`Workcenter ${id} is no longer in the settings`);
      for (const change of changedWorkcenterFields(before, p as never))
        await backgroundApi.post(UpdateWorkcenterSetting, { ResourceID: id, ...change } as never);
      reload();
    },
  });
  const fields: FieldSpec[] = [
    { name: 'Scheduled', label: 'Scheduled', kind: 'checkbox' },
    { name: 'EfficiencyPercent', label: 'Efficiency %', kind: 'number' },
    { name: 'Color', label: 'Colour', kind: 'select', options: colorOptions },
    { name: 'SortOrder', label: 'Sort order', kind: 'number' },
  ];
  const list = sortWorkcenters(settings.Workcenters);
  return (
    <>
      <TabHead
        title="Workcenters"
        note="Which machines show as lanes of the plant schedule, in what order, and how fast they really run (80 % efficiency: a 60-minute task takes 75 minutes of calendar)."
        canEdit={canEdit}
      />
      <table className="ss-table" aria-label={t('Workcenter settings')}>
        <thead>
          <tr>
            <th>{t('Workcenter')}</th>
            <th>{t('Scheduled')}</th>
            <th className="num">{t('Efficiency')}</th>
            <th>{t('Colour')}</th>
            <th className="num">{t('Sort order')}</th>
            {canEdit && <th />}
          </tr>
        </thead>
        <tbody>
          {list.map((w) => (
            <Row
              key={w.ResourceID}
              editing={editor.key === w.ResourceID}
              span={6}
              form={<EditForm editor={editor} fields={fields} title={`Edit ${w.ResourceID}`} />}
            >
              <td>
                <strong>{w.ResourceID}</strong> <span className="muted">{w.Description}</span>
              </td>
              <td>{w.Scheduled ? t('Yes') : t('No')}</td>
              <td className="num">{w.EfficiencyPercent}%</td>
              <td>
                <Swatch color={w.Color} />
              </td>
              <td className="num">{w.SortOrder}</td>
              {canEdit && (
                <RowActions
                  onEdit={() =>
                    editor.open(w.ResourceID, {
                      ResourceID: w.ResourceID,
                      Scheduled: w.Scheduled,
                      EfficiencyPercent: String(w.EfficiencyPercent),
                      Color: w.Color,
                      SortOrder: String(w.SortOrder),
                    })
                  }
                />
              )}
            </Row>
          ))}
          <Empty show={list.length === 0} span={6} text="This plant has no machine." />
        </tbody>
      </table>
    </>
  );
}

// ------------------------------------------------------------------------------------------ Overrides

function OverridesTab({ settings, plantId, canEdit, reload }: TabProps) {
  const t = useT();
  const { backgroundApi } = useServices();
  const remove = useDelete();
  const labels = {
    Date: 'Date',
    ResourceID: 'Applies to',
    Kind: 'Kind',
    Start: 'Start',
    End: 'End',
    Description: 'Description',
  };
  const editor = useEditor({
    schema: SaveOverride.payload,
    labels,
    toPayload: (d) => ({
      OverrideID: Number(d.OverrideID),
      PlantID: plantId,
      ResourceID: d.ResourceID ? String(d.ResourceID) : null,
      Date: String(d.Date),
      Start: String(d.Start),
      End: String(d.End),
      Kind: d.Kind,
      Description: String(d.Description).trim(),
    }),
    save: (p) => backgroundApi.post(SaveOverride, p as never).then(reload),
  });
  const fields: FieldSpec[] = [
    { name: 'Date', label: 'Date', kind: 'date' },
    {
      name: 'ResourceID',
      label: 'Applies to',
      kind: 'select',
      options: laneOptions(settings, 'The whole plant'),
    },
    {
      name: 'Kind',
      label: 'Kind',
      kind: 'select',
      options: [
        { value: 'Work', text: 'Work (add time)' },
        { value: 'Off', text: 'Off (remove time)' },
      ],
    },
    { name: 'Start', label: 'Start', kind: 'time' },
    { name: 'End', label: 'End', kind: 'time' },
    { name: 'Description', label: 'Description', kind: 'text', maxLength: 80 },
  ];
  const list = sortOverrides(settings.Calendar.Overrides);
  const draftOf = (o: Override): Draft => ({
    OverrideID: String(o.OverrideID),
    Date: o.Date,
    ResourceID: o.ResourceID ?? '',
    Kind: o.Kind,
    Start: o.Start,
    End: o.End,
    Description: o.Description,
  });
  return (
    <>
      <TabHead
        title="Overrides"
        note="One-day changes that win over shifts and holidays: Work adds a window (overtime, a Saturday), Off removes one (a breakdown, training)."
        canEdit={canEdit}
        addText="Add override"
        onAdd={() =>
          editor.open('new', {
            OverrideID: '0',
            Date: '',
            ResourceID: '',
            Kind: 'Work',
            Start: '06:00',
            End: '14:30',
            Description: '',
          })
        }
      />
      {editor.key === 'new' && <EditForm editor={editor} fields={fields} title="New override" />}
      <table className="ss-table" aria-label={t('Overrides')}>
        <thead>
          <tr>
            <th>{t('Date')}</th>
            <th>{t('Applies to')}</th>
            <th>{t('Kind')}</th>
            <th>{t('Start')}</th>
            <th>{t('End')}</th>
            <th>{t('Description')}</th>
            {canEdit && <th />}
          </tr>
        </thead>
        <tbody>
          {list.map((o) => (
            <Row
              key={o.OverrideID}
              editing={editor.key === String(o.OverrideID)}
              span={7}
              form={<EditForm editor={editor} fields={fields} title="Edit override" />}
            >
              <td>{formatLocalDate(o.Date)}</td>
              <td>{o.ResourceID ?? t('The whole plant')}</td>
              <td className={o.Kind === 'Off' ? 'ss-late' : undefined}>{t(o.Kind)}</td>
              <td>{formatClockTime(o.Start)}</td>
              <td>
                {formatClockTime(o.End)}
                {o.End <= o.Start && <span className="muted"> {t('(next day)')}</span>}
              </td>
              <td>{o.Description}</td>
              {canEdit && (
                <RowActions
                  onEdit={() => editor.open(String(o.OverrideID), draftOf(o))}
                  onDelete={() =>
                    remove(
                      `Delete the override on ${formatLocalDate(o.Date)}?`,
                      (api) => api.post(DeleteOverride, { OverrideID: o.OverrideID }),
                      reload,
                    )
                  }
                />
              )}
            </Row>
          ))}
          <Empty show={list.length === 0} span={7} text="No override." />
        </tbody>
      </table>
    </>
  );
}

// ------------------------------------------------------------------------------------------ pieces

function TabHead(props: { title: string; note: string; canEdit: boolean; addText?: string; onAdd?(): void }) {
  const t = useT();
  return (
    <div className="ss-tab-head">
      <div>
        <h2>{t(props.title)}</h2>
        <p className="muted">{t(props.note)}</p>
      </div>
      {props.canEdit && props.onAdd && (
        <button type="button" className="ss-primary" onClick={props.onAdd}>
          {t(props.addText ?? 'Add')}
        </button>
      )}
    </div>
  );
}

/** A list row, with its edit form in a row below it while it is edited. */
function Row(props: { editing: boolean; span: number; form: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <tr className={props.editing ? 'ss-editing' : undefined}>{props.children}</tr>
      {props.editing && (
        <tr className="ss-form-host">
          <td colSpan={props.span}>{props.form}</td>
        </tr>
      )}
    </>
  );
}

/** A row's Edit and (where the contract has a delete call) Delete buttons. */
function RowActions(props: { onEdit(): void; onDelete?(): void }) {
  const t = useT();
  return (
    <td className="ss-actions">
      <button type="button" className="ss-small" onClick={props.onEdit}>
        {t('Edit')}
      </button>
      {props.onDelete && (
        <button type="button" className="ss-small ss-danger" onClick={props.onDelete}>
          {t('Delete')}
        </button>
      )}
    </td>
  );
}

function Empty(props: { show: boolean; span: number; text: string }) {
  const t = useT();
  if (!props.show) return null;
  return (
    <tr>
      <td colSpan={props.span} className="muted">
        {t(props.text)}
      </td>
    </tr>
  );
}

const tabs: Record<SettingsTab, (p: TabProps) => React.ReactNode> = {
  status: StatusTab,
  holidays: HolidaysTab,
  shifts: ShiftsTab,
  workcenters: WorkcentersTab,
  overrides: OverridesTab,
};

/**
 * /scheduling/settings/{status,holidays,shifts,workcenters,overrides} (shifts is the default tab): a
 * plant's task statuses, holidays, shifts, workcenter settings and calendar overrides, each a list with
 * add/edit (and delete where the contract has one) forms. Every save recomputes the plant's schedules
 * on the server. Live: the settings are read again whenever `scheduling-settings:{PlantID}` carries a
 * change, so two schedulers see each other's edits; an open form keeps its draft meanwhile. Read-only
 * without editProductionSchedules.
 */
export function SchedulingSettingsPage() {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const { pathname } = useLocation();
  const tab = tabOfPath(pathname);
  const canEdit = Boolean(user?.EditProductionSchedules);
  const { plantId, setPlantId } = usePlant();
  const [loaded, setLoaded] = useState<{ plantId: number; settings: Settings } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);
  const load = useCallback(() => {
    const mine = ++request.current;
    backgroundApi.get(GetSchedulingSettings, { PlantID: plantId }).then(
      (settings) => {
        if (mine !== request.current) return;
        setLoaded({ plantId, settings });
        setError(null);
      },
      (e: unknown) => mine === request.current && setError(e instanceof Error ? e.message : String(e)),
    );
  }, [backgroundApi, plantId]);
  useEffect(load, [load]);
  useTopicRefresh(schedulingSettingsTopic(plantId), load);
  const settings = loaded?.plantId === plantId ? loaded.settings : null;
  const Tab = tabs[tab];

  return (
    <section className="page ss-wide">
      <div className="card">
        <div className="row spread">
          <h1>{t('Scheduling Settings')}</h1>
          <span className="muted">{canEdit ? t('Live; saved when you press Save') : t('Read only')}</span>
        </div>
        <div className="toolbar">
          <PlantPicker value={plantId} onChange={setPlantId} />
          {settings && (
            <span className="muted">{t('Plant time: {{tz}}', { tz: settings.Calendar.TimeZone })}</span>
          )}
        </div>
        <nav className="ss-tabs" aria-label={t('Settings')}>
          {settingsTabs.map(([key, label]) => (
            <NavLink
              key={key}
              to={`/scheduling/settings/${key}`}
              className={key === tab ? 'active' : undefined}
            >
              {t(label)}
            </NavLink>
          ))}
        </nav>
        {error && <p className="alert alert-error">{error}</p>}
        {settings ? (
          <Tab settings={settings} plantId={plantId} canEdit={canEdit} reload={load} />
        ) : (
          !error && <p className="muted">{t('Loading…')}</p>
        )}
      </div>
    </section>
  );
}
