import { useCallback, useEffect, useRef, useState } from 'react';
import { choiceLabel, type DocumentDecl, documentCalls, type HistoryRow } from '../../domain/kit/document';
import { formatDateTime } from '../../domain/platform/dates';
import { useEnqueue, useServices } from '../app/context';
import { useT } from '../i18n';
import { DeclaredActions } from './DeclaredActions';
import { FieldEditor, textOf } from './FieldEditor';
import type { KitRow } from './list-state';

/** How long a field someone else changed stays marked. */
export const REMOTE_MARK_MS = 4000;

/**
 * A kit record beside its list: every field edited in place and saved one by one through the persisted
 * post queue (a refused value stays as typed with the reason beside it), a mark on a field someone else
 * just changed, delete, and the history of every change, newest first. `record` is the list's live
 * copy: changes by anyone arrive through the list's topic and re-render the panel.
 */
export function RecordPanel(props: {
  decl: DocumentDecl;
  id: number;
  record: KitRow | null;
  canChange: boolean;
  canDelete: boolean;
  plantOf(plantId: number): string;
  onClose(): void;
}) {
  const { decl, id } = props;
  const calls = documentCalls(decl);
  const t = useT();
  const enqueue = useEnqueue();
  const { backgroundApi, api, alerts, toasts } = useServices();
  const [loaded, setLoaded] = useState<KitRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [history, setHistory] = useState<HistoryRow[] | null>(null);
  const [remote, setRemote] = useState<Set<string>>(new Set());
  const mine = useRef(new Set<string>());
  // The list's live copy wins over the first read; a record that is not in the list (another page,
  // filtered out) is read once.
  const record = props.record ?? loaded;

  const readHistory = useCallback(() => {
    backgroundApi.get(calls.History, { [decl.key]: id, Take: 100 } as never).then(
      (h) => setHistory((h as { Rows: HistoryRow[] }).Rows),
      () => setHistory([]),
    );
  }, [backgroundApi, calls.History, decl.key, id]);

  useEffect(() => {
    setLoaded(null);
    setError(null);
    backgroundApi.get(calls.Get, { [decl.key]: id } as never).then(
      (r) => setLoaded((r as { Record: KitRow }).Record),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
    readHistory();
  }, [backgroundApi, calls.Get, decl.key, id, readHistory]);

  // A field whose value changed without this panel saving it was changed by someone else: mark it.
  const previous = useRef<KitRow | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = record;
    if (!before || !record || before[decl.key] !== record[decl.key]) return;
    // A list reload hands over a new copy of the same values: only a real change reads the history again.
    const differs = Object.keys(decl.fields).filter((f) => textOf(before[f]) !== textOf(record[f]));
    if (!differs.length && before.Deleted === record.Deleted) return;
    readHistory();
    const changed = differs.filter((f) => !mine.current.delete(f));
    if (!changed.length) return;
    setRemote((r) => new Set([...r, ...changed]));
    const timer = setTimeout(
      () => setRemote((r) => new Set([...r].filter((f) => !changed.includes(f)))),
      REMOTE_MARK_MS,
    );
    return () => clearTimeout(timer);
  }, [record, decl, readHistory]);

  const save = (field: string, value: unknown) => {
    mine.current.add(field);
    enqueue(calls.Update, { [decl.key]: id, FieldName: field, Value: value } as never);
  };

  const remove = async () => {
    const name = String(record?.[decl.list.columns[0]!] ?? id);
    if (
      !(await alerts.question(
        t('Delete {{name}}? It stays in the history and can be shown again.', { name }),
      ))
    )
      return;
    await api.post(calls.Delete!, { [decl.key]: id } as never);
    toasts.show(t('{{name}} was deleted.', { name }), { kind: 'success' });
  };

  const first = decl.fields[decl.list.columns[0]!]!;
  const title = record
    ? first.choices
      ? t(choiceLabel(first, String(record[decl.list.columns[0]!] ?? '')))
      : String(record[decl.list.columns[0]!] ?? '')
    : '';
  return (
    <aside className="card kit-record" aria-label={t('Record details')} data-record={id}>
      <div className="row spread">
        <h2>
          {title || t('Loading…')}
          {record?.Deleted && <span className="kit-badge kit-deleted">{t('Deleted')}</span>}
        </h2>
        <div className="row">
          {props.canDelete && record && !record.Deleted && calls.Delete && (
            <button type="button" className="danger" onClick={() => void remove()}>
              {t('Delete')}
            </button>
          )}
          <button type="button" onClick={props.onClose} aria-label={t('Close')}>
            ✕
          </button>
        </div>
      </div>
      {error && (
        <p className="kit-error" role="alert">
          {error}
        </p>
      )}
      <DeclaredActions decl={decl} record={record} />
      {record && (
        <div className="kit-fields">
          {Object.entries(decl.fields).map(([name, field]) => (
            <FieldEditor
              key={name}
              name={name}
              field={field}
              value={record[name]}
              disabled={!props.canChange || !field.edit || Boolean(record.Deleted)}
              remote={remote.has(name)}
              save={save}
            />
          ))}
        </div>
      )}
      <h3>{t('History')}</h3>
      {history === null ? (
        <p className="muted">{t('Loading…')}</p>
      ) : history.length === 0 ? (
        <p className="muted">{t('No changes yet.')}</p>
      ) : (
        <ol className="kit-history">
          {history.map((h) => (
            <li key={`${h.At}-${h.Field}-${JSON.stringify(h.New)}`}>
              <span className="kit-when">
                {formatDateTime(h.At, decl.plantField && record ? Number(record[decl.plantField]) : null)}
              </span>{' '}
              <strong>{h.Name ?? t('System')}</strong> {describeChange(decl, h, t, props.plantOf)}
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

/** One history row as a sentence: "changed Location from Bay 3 to Bay 4", "created it", "deleted it". */
export function describeChange(
  decl: DocumentDecl,
  h: Pick<HistoryRow, 'Field' | 'Old' | 'New'>,
  t: (text: string, values?: Record<string, unknown>) => string,
  plantOf: (plantId: number) => string,
): string {
  if (h.Field === '(created)') return t('created it');
  if (h.Field === '(deleted)') return t('deleted it');
  const field = decl.fields[h.Field];
  const show = (v: unknown) => {
    if (v === null || v === undefined || v === '') return t('(none)');
    if (typeof v === 'boolean') return v ? t('Yes') : t('No');
    if (h.Field === decl.plantField && typeof v === 'number') return plantOf(v);
    if (field?.choices) return t(choiceLabel(field, String(v)));
    return String(v);
  };
  return t('changed {{field}} from {{old}} to {{new}}', {
    field: field ? t(field.label) : h.Field,
    old: show(h.Old),
    new: show(h.New),
  });
}
