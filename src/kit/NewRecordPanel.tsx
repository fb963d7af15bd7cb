import { useState } from 'react';
import { type DocumentDecl, documentCalls } from '../../domain/kit/document';
import { useServices } from '../app/context';
import { useT } from '../i18n';
import { FieldEditor } from './FieldEditor';
import type { KitRow } from './list-state';

/**
 * A new kit record: its editable fields, each checked by its own schema as it is left, then Create.
 * A refusal from the server is shown once, beside the form, and every value typed stays.
 */
export function NewRecordPanel(props: {
  decl: DocumentDecl;
  defaults: KitRow;
  onCancel(): void;
  onCreated(id: number): void;
}) {
  const { decl } = props;
  const t = useT();
  const { backgroundApi, toasts } = useServices();
  const [values, setValues] = useState<KitRow>(props.defaults);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = documentCalls(decl).Create!;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = create.payload.safeParse(values);
    if (!parsed.success) {
      const missing = Object.entries(decl.fields)
        .filter(([name, f]) => f.required && (values[name] === undefined || values[name] === null))
        .map(([, f]) => t(f.label));
      setError(
        missing.length
          ? t('Fill in: {{fields}}', { fields: missing.join(', ') })
          : t('Some values are not valid: see the fields.'),
      );
      return;
    }
    setBusy(true);
    try {
      const answer = (await backgroundApi.post(create, parsed.data as never)) as { Record: KitRow };
      const id = Number(answer.Record[decl.key]);
      toasts.show(t('{{name}} was added.', { name: String(answer.Record[decl.list.columns[0]!] ?? id) }), {
        kind: 'success',
      });
      props.onCreated(id);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <aside className="card kit-record" aria-label={t('New record')}>
      <form onSubmit={(e) => void submit(e)}>
        <div className="row spread">
          <h2>{t('New {{thing}}', { thing: t(decl.noun) })}</h2>
          <button type="button" onClick={props.onCancel} aria-label={t('Close')}>
            ✕
          </button>
        </div>
        <div className="kit-fields">
          {Object.entries(decl.fields)
            .filter(([, f]) => f.edit)
            .map(([name, field]) => (
              <FieldEditor
                key={name}
                name={name}
                field={field}
                value={values[name] ?? null}
                disabled={busy}
                remote={false}
                save={(n, v) => {
                  setError(null);
                  setValues((prev) => ({ ...prev, [n]: v }));
                }}
              />
            ))}
        </div>
        {error && (
          <p className="kit-error" role="alert">
            {error}
          </p>
        )}
        <div className="row">
          <button type="submit" className="primary" disabled={busy}>
            {t('Add')}
          </button>
          <button type="button" onClick={props.onCancel}>
            {t('Cancel')}
          </button>
        </div>
      </form>
    </aside>
  );
}
