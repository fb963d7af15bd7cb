import { useRef, useState } from 'react';
import type { CallDef } from '../../domain/contract/call';
import { EXPORTS_COLLECTION, type ExportProgress, kitTopic } from '../../domain/kit/views';
import { useServices, useUser } from '../app/context';
import { useTopic } from '../app/use-topic';
import { useT } from '../i18n';

/**
 * Downloads the whole filtered set as xlsx (the type's Export call). The progress shown is the
 * server's own count of rows written, published on the user's topic while the file streams.
 */
export function ExportButton(props: { call: CallDef; values: Record<string, string | undefined> }) {
  const { alerts, toasts } = useServices();
  const user = useUser();
  const t = useT();
  const [progress, setProgress] = useState<{ id: string; rows: number; total: number | null } | null>(null);
  const running = useRef<string | null>(null);
  useTopic(
    user ? kitTopic(user.EmployeeID) : null,
    (items) => {
      for (const item of items) {
        const doc = item.doc as ExportProgress | null;
        if (item.collection !== EXPORTS_COLLECTION || !doc || doc.ExportID !== running.current) continue;
        setProgress({ id: doc.ExportID, rows: doc.Rows, total: doc.Total });
      }
    },
    () => {},
  );

  const run = async () => {
    if (!user || running.current) return;
    const id = `x${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    running.current = id;
    setProgress({ id, rows: 0, total: null });
    const query = new URLSearchParams({
      TransmissionInfoJSON: JSON.stringify({
        DeviceType: 'web',
        EmployeeID: user.EmployeeID,
        PlantID: user.PlantID,
      }),
      Token: user.TokenID,
      Interface: 'web',
      ExportID: id,
    });
    for (const [k, v] of Object.entries(props.values)) if (v !== undefined) query.set(k, v);
    try {
      const response = await fetch(`/api/${props.call.path}?${query}`, { cache: 'no-store' });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message ?? response.statusText);
      }
      const blob = await response.blob();
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'export.xlsx';
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toasts.show(`File "${name}" downloaded successfully!`, { kind: 'success' });
    } catch (e) {
      alerts.show('error', e instanceof Error ? e.message : String(e));
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  return (
    <span className="kit-export">
      <button type="button" onClick={run} disabled={progress !== null}>
        {t('Export to Excel')}
      </button>
      {progress && (
        <span role="status" className="kit-progress">
          <progress max={progress.total ?? undefined} value={progress.total ? progress.rows : undefined} />{' '}
          {progress.total === null
            ? t('Exporting…')
            : t('{{rows}} of {{total}} rows written', {
                rows: progress.rows.toLocaleString('en-US'),
                total: progress.total.toLocaleString('en-US'),
              })}
        </span>
      )}
    </span>
  );
}
