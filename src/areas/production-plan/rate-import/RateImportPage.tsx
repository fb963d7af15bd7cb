import { useCallback, useId, useState } from 'react';
import { topicOf } from '../../../../domain/live/topics';
import {
  ApplyRateImport,
  GetRateImportTemplate,
  PreviewRateImport,
  type RateImportPreview,
  type RateImportRow,
} from '../../../../domain/production-plan/rate-import';
import { useCore, useUser } from '../../../app/context';
import { PlantPicker } from '../../../app/PlantPicker';
import { useTopicRefresh } from '../../../app/use-topic';
import { useT } from '../../../i18n';
import './rate-import.css';

/** Hands a downloaded file to the browser's save. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const show = (value: string | number | boolean | null, yes: string, no: string) =>
  value === null ? '—' : typeof value === 'boolean' ? (value ? yes : no) : String(value);

/**
 * /rateimport: machine rates from an .xlsx workbook. Download the plant's rates, edit them in Excel,
 * upload: the preview shows every row's fate (added, changed old → new, unchanged, or what is wrong
 * with which column) before anything is written, and stays current when someone changes the plant's
 * rates meanwhile. Apply writes all rows or none.
 */
export function RateImportPage() {
  const { api, toasts } = useCore();
  const user = useUser();
  const t = useT();
  const fileInputId = useId();
  const [plantId, setPlantId] = useState(user?.PlantID ?? 1);
  const [file, setFile] = useState<{ id: string; name: string } | null>(null);
  const [preview, setPreview] = useState<RateImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [onlyAttention, setOnlyAttention] = useState(false);
  const [refreshed, setRefreshed] = useState(false);
  const [applied, setApplied] = useState<RateImportPreview | null>(null);

  const runPreview = useCallback(
    async (fileId: string, plant: number) => {
      setBusy(true);
      try {
        setPreview(await api.post(PreviewRateImport, { PlantID: plant, FileID: fileId }, { inline: true }));
      } catch {
        setPreview(null);
      } finally {
        setBusy(false);
      }
    },
    [api],
  );

  // Someone changed this plant's rates: the preview compared against what was there before.
  useTopicRefresh(topicOf.machines(plantId), () => {
    if (!file || busy) return;
    setRefreshed(true);
    void runPreview(file.id, plantId);
  });

  const choosePlant = (next: number) => {
    setPlantId(next);
    setRefreshed(false);
    if (file) void runPreview(file.id, next);
  };

  const chooseFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    setBusy(true);
    setRefreshed(false);
    setApplied(null);
    try {
      const [stored] = await api.upload([chosen]);
      if (!stored) return;
      setFile({ id: stored.FileID, name: chosen.name });
      await runPreview(stored.FileID, plantId);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!file || !preview) return;
    setBusy(true);
    try {
      const done = await api.post(ApplyRateImport, { PlantID: plantId, FileID: file.id });
      toasts.show(
        t('Rates imported: {{added}} added, {{changed}} changed.', {
          added: done.Added,
          changed: done.Changed,
        }),
        { kind: 'success' },
      );
      // The workbook has done its work: previewed again it would offer its new rows as twins.
      setFile(null);
      setPreview(null);
      setRefreshed(false);
      setApplied(done);
    } catch {
      // The refusal was shown; the preview still says what to fix.
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    try {
      const got = await api.downloadCall(GetRateImportTemplate, { PlantID: plantId });
      save(got.blob, got.fileName);
    } catch {
      // Shown by the request layer.
    }
  };

  const rows = preview?.Rows.filter(
    (r) => !onlyAttention || r.Action === 'add' || r.Action === 'change' || r.Action === 'error',
  );
  const canApply = !!preview && preview.Errors === 0 && preview.Added + preview.Changed > 0 && !busy;

  return (
    <section className="page ri-page" data-testid="rate-import">
      <div className="card">
        <div className="row spread">
          <h1>{t('Rate Import')}</h1>
          <div className="toolbar">
            <PlantPicker value={plantId} onChange={choosePlant} />
          </div>
        </div>
        <ol className="ri-steps">
          <li>
            <span>{t("Download this plant's machine rates as a workbook, and change them in Excel.")}</span>
            <button type="button" onClick={download}>
              {t('Download the rates')}
            </button>
          </li>
          <li>
            <span>
              {t(
                'A row with a Rate ID changes that rate; a row without one adds a rate to its machine. Empty cells keep the current value.',
              )}
            </span>
          </li>
          <li>
            <label htmlFor={fileInputId}>{t('Upload the workbook (.xlsx) to see what it would do')}</label>
            <input
              id={fileInputId}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onChange={(e) => {
                void chooseFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </li>
        </ol>
      </div>

      {applied && (
        <div className="card" role="status">
          <h2>{t('Imported')}</h2>
          <p>
            {t('Rates imported: {{added}} added, {{changed}} changed.', {
              added: applied.Added,
              changed: applied.Changed,
            })}{' '}
            {t('To change more, download the rates again: the new rates now have their Rate IDs.')}
          </p>
        </div>
      )}

      {preview && file && (
        <div className="card">
          <div className="row spread">
            <h2>{t('Preview of {{file}}', { file: file.name })}</h2>
            <button type="button" className="primary" disabled={!canApply} onClick={apply}>
              {t('Apply')}
            </button>
          </div>
          {refreshed && (
            <p className="alert alert-info" role="status">
              {t("This plant's rates were changed by someone else; the preview now compares with them.")}
            </p>
          )}
          <p className="ri-summary" aria-live="polite">
            <span className="ri-add">{t('{{n}} to add', { n: preview.Added })}</span>
            <span className="ri-change">{t('{{n}} to change', { n: preview.Changed })}</span>
            <span>{t('{{n}} unchanged', { n: preview.Unchanged })}</span>
            <span className={preview.Errors ? 'ri-error' : undefined}>
              {t('{{n}} with errors', { n: preview.Errors })}
            </span>
          </p>
          {preview.Errors > 0 && (
            <p className="alert alert-error">
              {t('Nothing is written while a row has an error: correct the workbook and upload it again.')}
            </p>
          )}
          {preview.Rows.length === 0 ? (
            <p className="muted">{t('The workbook has no rows under its header.')}</p>
          ) : (
            <>
              <label className="ri-filter">
                <input
                  type="checkbox"
                  checked={onlyAttention}
                  onChange={(e) => setOnlyAttention(e.target.checked)}
                />
                {t('Only rows that add, change or have errors')}
              </label>
              <div className="table-wrap">
                <table className="grid ri-table" aria-label={t('Preview of {{file}}', { file: file.name })}>
                  <thead>
                    <tr>
                      <th>{t('Row')}</th>
                      <th>{t('Machine')}</th>
                      <th>{t('Rate ID')}</th>
                      <th>{t('Description')}</th>
                      <th>{t('Result')}</th>
                      <th>{t('Details')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows!.map((r) => (
                      <PreviewRow key={r.Row} row={r} />
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}

function PreviewRow({ row }: { row: RateImportRow }) {
  const t = useT();
  const result = {
    add: t('Add'),
    change: t('Change'),
    unchanged: t('Unchanged'),
    error: t('Error'),
  }[row.Action];
  return (
    <tr className={`ri-${row.Action}`} data-row={row.Row}>
      <td>{row.Row}</td>
      <td>{row.ResourceID || '—'}</td>
      <td>{row.MachineRateID ?? t('new')}</td>
      <td>{row.Description}</td>
      <td>
        <span className={`ri-badge ri-badge-${row.Action}`}>{result}</span>
      </td>
      <td>
        <ul className="ri-details">
          {row.Errors.map((e) => (
            <li key={e.Field} className="ri-error">
              {t(e.Field)}: {e.Message}
            </li>
          ))}
          {row.Changes.map((c) => (
            <li key={c.Field}>
              {t(c.Field)}:{' '}
              {row.Action === 'add'
                ? show(c.New, t('Yes'), t('No'))
                : `${show(c.Old, t('Yes'), t('No'))} → ${show(c.New, t('Yes'), t('No'))}`}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}
