import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  choiceLabel,
  type DocumentDecl,
  documentCalls,
  type FieldDecl,
  type HistoryRow,
  inputOf,
} from '../../domain/kit/document';
import { isPickKind, type PickKind } from '../../domain/kit/pick';
import { useEnqueue, useServices, useUser } from '../app/context';
import { useT } from '../i18n';
import { Attachments } from './Attachments';
import { DeclaredActions } from './DeclaredActions';
import { FieldEditor, textOf } from './FieldEditor';
import type { KitRow } from './list-state';
import { usePickLabel } from './Picker';
import { Presence } from './Presence';
import { Timeline } from './Timeline';

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
  /** Whether this user may change this field of this record (the server decides; this greys it out). */
  canEdit?(field: string, record: KitRow): boolean;
  /** Shown above the fields: what the document shows its own way (an employee's photo). */
  top?(record: KitRow): ReactNode;
}) {
  const { decl, id } = props;
  const calls = documentCalls(decl);
  const t = useT();
  const enqueue = useEnqueue();
  const { backgroundApi, api, alerts, toasts } = useServices();
  const [loaded, setLoaded] = useState<KitRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped when the record really changed: the timeline reads again.
  const [version, setVersion] = useState(0);
  const user = useUser();
  const [remote, setRemote] = useState<Set<string>>(new Set());
  const mine = useRef(new Set<string>());
  // The list's live copy wins over the first read; a record that is not in the list (another page,
  // filtered out) is read once.
  const record = props.record ?? loaded;

  const readHistory = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    setLoaded(null);
    setError(null);
    backgroundApi.get(calls.Get, { [decl.key]: id } as never).then(
      (r) => setLoaded((r as { Record: KitRow }).Record),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [backgroundApi, calls.Get, decl.key, id]);

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
  const plantId = decl.plantField && record ? Number(record[decl.plantField]) : null;
  return (
    <aside className="card kit-record" aria-label={t('Record details')} data-record={id}>
      <div className="row spread">
        <h2>
          {title || t('Loading…')}
          {record?.Deleted && <span className="kit-badge kit-deleted">{t('Deleted')}</span>}
        </h2>
        {record && <Presence decl={decl} id={id} plantId={plantId} employeeId={user?.EmployeeID ?? null} />}
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
      {record && props.top && <div className="kit-record-top">{props.top(record)}</div>}
      {record &&
        fieldGroups(decl).map(([group, fields]) => {
          const editors = (
            <div className="kit-fields">
              {fields.map(([name, field]) => (
                <FieldEditor
                  key={name}
                  name={name}
                  field={field}
                  value={record[name]}
                  disabled={
                    !props.canChange ||
                    !field.edit ||
                    Boolean(record.Deleted) ||
                    props.canEdit?.(name, record) === false
                  }
                  remote={remote.has(name)}
                  save={save}
                />
              ))}
            </div>
          );
          if (!group) return <div key="">{editors}</div>;
          const on = fields.filter(([name]) => record[name] === true).length;
          // Groups of many yes/no fields (an employee's flags) fold away; one opens when asked for.
          return (
            <details key={group} className="kit-flag-group" data-group={group}>
              <summary>
                {t(group)} <span className="muted">{t('{{on}} of {{all}}', { on, all: fields.length })}</span>
              </summary>
              {editors}
            </details>
          );
        })}
      {record && (
        <Attachments decl={decl} id={id} plantId={plantId} canChange={props.canChange && !record.Deleted} />
      )}
      {record && (
        <Timeline
          decl={decl}
          id={id}
          plantId={plantId}
          version={version}
          canComment={!record.Deleted}
          plantOf={props.plantOf}
        />
      )}
    </aside>
  );
}

/** The pick kind of a field a picker edits (an employee, an office…), else null. */
export function pickKindOf(decl: DocumentDecl, field: string): PickKind | null {
  const f = decl.fields[field];
  const kind = f ? inputOf(f) : null;
  return kind && kind !== 'plant' && isPickKind(kind) ? kind : null;
}

/** A picked field's change with the records' names, not their ids: "changed Supervisor from Ann to Bo". */
export function PickedChange(props: { decl: DocumentDecl; h: Pick<HistoryRow, 'Field' | 'Old' | 'New'> }) {
  const t = useT();
  const kind = pickKindOf(props.decl, props.h.Field)!;
  const old = usePickLabel(kind, props.h.Old);
  const now = usePickLabel(kind, props.h.New);
  const show = (value: unknown, option: { Label: string } | null) =>
    value === null || value === undefined ? t('(none)') : (option?.Label ?? String(value));
  return (
    <>
      {t('changed {{field}} from {{old}} to {{new}}', {
        field: t(props.decl.fields[props.h.Field]!.label),
        old: show(props.h.Old, old),
        new: show(props.h.New, now),
      })}
    </>
  );
}

/** The record's shown fields: first those of no group, then each group in the order declared. */
export function fieldGroups(decl: DocumentDecl): [string, [string, FieldDecl][]][] {
  const groups = new Map<string, [string, FieldDecl][]>([['', []]]);
  for (const [name, field] of Object.entries(decl.fields)) {
    if (field.hidden) continue;
    const group = field.group ?? '';
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push([name, field]);
  }
  return [...groups].filter(([, fields]) => fields.length);
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
  // A hidden field's values mean nothing to a reader (a photo's file id): say what changed, not to what.
  if (field?.hidden) return t('changed {{field}}', { field: t(field.label) });
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
