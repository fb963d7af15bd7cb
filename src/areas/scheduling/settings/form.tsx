import { useId, useState } from 'react';
import type { z } from 'zod';
import { useT } from '../../../i18n';
import { type FieldErrors, fieldErrors, fieldOfMessage } from './settings';

export type Draft = Record<string, string | boolean>;

export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'date' | 'time' | 'number' | 'checkbox' | 'select';
  options?: readonly { value: string; text: string }[];
  maxLength?: number;
}

/**
 * One add/edit form of a settings tab. The draft is what the person typed, kept as typed: it is checked
 * against the save call's schema before sending (messages beside their fields), then saved with a plain
 * request rather than the post queue, because a refusal must come back to this form: the message goes
 * beside the field it names and the draft stays as it was, so nothing typed is lost.
 */
export function useEditor(opts: {
  schema: z.ZodType;
  labels: Readonly<Record<string, string>>;
  toPayload(draft: Draft): unknown;
  save(payload: unknown, draft: Draft): Promise<unknown>;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const open = (k: string, d: Draft) => {
    setKey(k);
    setDraft(d);
    setErrors({});
  };
  const close = () => {
    setKey(null);
    setDraft(null);
    setErrors({});
  };
  const set = (name: string, value: string | boolean) => {
    setDraft((d) => (d ? { ...d, [name]: value } : d));
    setErrors(({ [name]: _gone, '': _form, ...rest }) => rest);
  };
  const submit = async () => {
    if (!draft || saving) return;
    const payload = opts.toPayload(draft);
    const found = fieldErrors(opts.schema, payload, opts.labels);
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      await opts.save(payload, draft);
      close();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setErrors({ [fieldOfMessage(message, opts.labels)]: message });
    } finally {
      setSaving(false);
    }
  };
  return { draft, key, errors, saving, open, close, set, submit };
}

export type Editor = ReturnType<typeof useEditor>;

export function EditForm(props: { editor: Editor; fields: readonly FieldSpec[]; title: string }) {
  const t = useT();
  const ids = useId();
  const { editor } = props;
  const draft = editor.draft;
  if (!draft) return null;
  return (
    <form
      className="ss-form ss-edit card"
      aria-label={t(props.title)}
      onSubmit={(e) => {
        e.preventDefault();
        void editor.submit();
      }}
    >
      <h3 className="ss-form-title">{t(props.title)}</h3>
      {props.fields.map((f) => {
        const id = `${ids}-${f.name}`;
        const error = editor.errors[f.name];
        const common = {
          id,
          name: f.name,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        };
        const value = draft[f.name];
        let input: React.ReactNode;
        if (f.kind === 'checkbox')
          input = (
            <input
              {...common}
              type="checkbox"
              checked={Boolean(value)}
              onChange={(e) => editor.set(f.name, e.target.checked)}
            />
          );
        else if (f.kind === 'select')
          input = (
            <select
              {...common}
              className="ss-input"
              value={String(value ?? '')}
              onChange={(e) => editor.set(f.name, e.target.value)}
            >
              {f.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {t(o.text)}
                </option>
              ))}
            </select>
          );
        else
          input = (
            <input
              {...common}
              className="ss-input"
              type={f.kind}
              maxLength={f.maxLength}
              step={f.kind === 'number' ? 'any' : undefined}
              value={String(value ?? '')}
              onChange={(e) => editor.set(f.name, e.target.value)}
            />
          );
        return (
          <span key={f.name} className="ss-form-row">
            <label htmlFor={id}>{t(f.label)}</label>
            {input}
            {error && (
              <span id={`${id}-error`} className="form-error" role="alert">
                {error}
              </span>
            )}
          </span>
        );
      })}
      {editor.errors[''] && (
        <span className="form-error" role="alert">
          {editor.errors['']}
        </span>
      )}
      <span className="ss-form-actions">
        <button type="submit" className="ss-primary" disabled={editor.saving}>
          {editor.saving ? t('Saving…') : t('Save')}
        </button>
        <button type="button" onClick={editor.close} disabled={editor.saving}>
          {t('Cancel')}
        </button>
      </span>
    </form>
  );
}
