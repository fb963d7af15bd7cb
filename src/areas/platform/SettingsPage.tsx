import { useCallback, useEffect, useState } from 'react';
import './intro/intro.css';
import { formatDateTime } from '../../../domain/platform/dates';
import {
  GetSettingHistory,
  GetSettings,
  SaveSetting,
  SETTINGS_TOPIC,
  type SettingName,
  type SettingRow,
  settingDefs,
  settingSchema,
} from '../../../domain/platform/settings';
import { useEnqueue, useServices, useUser } from '../../app/context';
import { useTopicRefresh } from '../../app/use-topic';
import { useT } from '../../i18n';
import { FieldEditor } from '../../kit/FieldEditor';

/**
 * /config/settings: the product's settings (domain/platform/settings.ts), each edited in place with the
 * kit's field editor (checked against its type and bounds as it is left, a refused value kept as typed
 * with the reason beside it, saved through the post queue), read again live when anyone changes one.
 * Not a kit document: the settings are declared in code, not rows someone adds.
 */
export function SettingsPage() {
  const { backgroundApi } = useServices();
  const enqueue = useEnqueue();
  const t = useT();
  const user = useUser();
  const [rows, setRows] = useState<SettingRow[] | null>(null);
  const [open, setOpen] = useState<SettingName | null>(null);
  const read = useCallback(() => {
    backgroundApi.get(GetSettings, {}).then(setRows, () => undefined);
  }, [backgroundApi]);
  useEffect(read, [read]);
  useTopicRefresh(SETTINGS_TOPIC, read);

  return (
    <section className="page settings-page">
      <div className="card">
        <h1>{t('Settings')}</h1>
        <p className="muted">
          {t(
            'Values the product uses everywhere. Each change is checked, saved at once and kept in its history.',
          )}
        </p>
        {rows === null ? (
          <p className="muted">{t('Loading…')}</p>
        ) : (
          <ul className="settings-list">
            {rows.map((row) => {
              const def = settingDefs[row.Name];
              return (
                <li key={row.Name} className="settings-row" data-setting={row.Name}>
                  <FieldEditor
                    name={row.Name}
                    field={{ type: settingSchema(row.Name), label: def.label, input: 'number' }}
                    value={row.Value}
                    disabled={false}
                    remote={false}
                    save={(_name, value) => enqueue(SaveSetting, { Name: row.Name, Value: value })}
                  />
                  <p className="muted">
                    {t(def.description)} {t('Default: {{value}}.', { value: row.Default })}{' '}
                    {row.ChangedAt &&
                      t('Changed by {{name}} on {{at}}.', {
                        name: row.ChangedBy ?? '?',
                        at: formatDateTime(row.ChangedAt, user?.PlantID),
                      })}
                  </p>
                  <button
                    type="button"
                    aria-expanded={open === row.Name}
                    onClick={() => setOpen(open === row.Name ? null : row.Name)}
                  >
                    {t('History')}
                  </button>
                  {open === row.Name && <SettingHistory name={row.Name} version={row.ChangedAt} />}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

function SettingHistory({ name, version }: { name: SettingName; version: string | null }) {
  const { backgroundApi } = useServices();
  const user = useUser();
  const t = useT();
  const [rows, setRows] =
    useState<Array<{ At: string; Name: string | null; Old: number | null; New: number }>>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the setting changed (version).
  useEffect(() => {
    backgroundApi.get(GetSettingHistory, { Name: name }).then(
      (h) => setRows(h.Rows),
      () => undefined,
    );
  }, [backgroundApi, name, version]);
  if (!rows) return <p className="muted">{t('Loading…')}</p>;
  if (!rows.length) return <p className="muted">{t('Never changed: the default applies.')}</p>;
  return (
    <ol className="settings-history">
      {rows.map((r) => (
        <li key={`${r.At}-${r.New}`}>
          {t('{{at}}: {{name}} changed it from {{old}} to {{new}}', {
            at: formatDateTime(r.At, user?.PlantID),
            name: r.Name ?? '?',
            old: r.Old ?? '',
            new: r.New,
          })}
        </li>
      ))}
    </ol>
  );
}
