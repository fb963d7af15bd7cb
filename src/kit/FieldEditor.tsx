import { useEffect, useId, useState } from 'react';
import { issueText } from '../../domain/contract/errors';
import { choiceLabel, type FieldDecl, inputOf } from '../../domain/kit/document';
import { type PickKind, pickKinds } from '../../domain/kit/pick';
import { useServices } from '../app/context';
import { usePlants } from '../app/plants';
import { useT } from '../i18n';
import { Picker } from './Picker';

/**
 * One field of a kit record, edited in place. What the person typed stays shown until the server's
 * value changes (their save arrived, or someone else's later one). On leaving the field (or Enter, or
 * at once for a choice or a box) the field's own schema, the one the server checks with, judges the
 * value: a refusal keeps the typed text and says why beside it; an accepted value is handed to `save`
 * (the post queue) and stays shown. `remote` marks a value someone else just changed.
 */
export function FieldEditor(props: {
  name: string;
  field: FieldDecl;
  value: unknown;
  disabled: boolean;
  remote: boolean;
  save(name: string, value: unknown): void;
}) {
  const { field, name } = props;
  const t = useT();
  const id = useId();
  const { api } = useServices();
  const kind = inputOf(field);
  const plants = usePlants(api, kind === 'plant');
  const server = kind === 'datetime' ? localInputOf(props.value) : textOf(props.value);
  const [draft, setDraft] = useState<{ text: string; base: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server's value changed: it is now the saved value (this edit's, or a later one's).
  useEffect(() => {
    setDraft((d) => (d && d.base !== server ? null : d));
    setError(null);
  }, [server]);
  const shown = draft ? draft.text : server;

  const commit = (text: string) => {
    if (text === server) {
      setDraft(null);
      setError(null);
      return;
    }
    const parsed = field.type.safeParse(parseInput(kind, text));
    if (!parsed.success) {
      setDraft({ text, base: server });
      const issue = parsed.error.issues[0];
      setError(
        issue ? issueText(issue, t(field.label)) : t('{{field}} is not valid', { field: t(field.label) }),
      );
      return;
    }
    setError(null);
    setDraft({ text, base: server });
    props.save(name, parsed.data);
  };

  const common = {
    id,
    disabled: props.disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'data-field': name,
  } as const;
  let input: React.ReactNode;
  if (kind !== 'plant' && (pickKinds as readonly string[]).includes(kind)) {
    // A picker hands over the chosen record's id itself: no text to parse.
    input = (
      <Picker
        id={id}
        kind={kind as PickKind}
        label={t(field.label)}
        value={draft ? draft.text : props.value}
        disabled={props.disabled}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
        onChange={(value) => {
          const parsed = field.type.safeParse(value);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            setError(
              issue
                ? issueText(issue, t(field.label))
                : t('{{field}} is not valid', { field: t(field.label) }),
            );
            return;
          }
          setError(null);
          if (textOf(value) === server) return setDraft(null);
          setDraft({ text: textOf(value), base: server });
          props.save(name, parsed.data);
        }}
      />
    );
  } else if (kind === 'boolean') {
    input = (
      <input
        {...common}
        type="checkbox"
        checked={shown === 'true'}
        onChange={(e) => commit(String(e.target.checked))}
      />
    );
  } else if (kind === 'choice' || kind === 'plant') {
    const options =
      kind === 'plant'
        ? (plants ?? []).map((p) => ({ value: String(p.PlantID), text: p.PlantName }))
        : (field.choices ?? []).map((c) => ({ value: c, text: t(choiceLabel(field, c)) }));
    input = (
      <select {...common} value={shown} onChange={(e) => commit(e.target.value)}>
        {shown === '' && <option value="">{t('(none)')}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    );
  } else if (kind === 'textarea') {
    input = (
      <textarea
        {...common}
        rows={3}
        value={shown}
        onChange={(e) => setDraft({ text: e.target.value, base: server })}
        onBlur={(e) => commit(e.target.value)}
      />
    );
  } else {
    input = (
      <input
        {...common}
        type={kind === 'date' ? 'date' : kind === 'datetime' ? 'datetime-local' : 'text'}
        inputMode={kind === 'number' ? 'decimal' : undefined}
        value={shown}
        onChange={(e) => setDraft({ text: e.target.value, base: server })}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit((e.target as HTMLInputElement).value);
          if (e.key === 'Escape') {
            setDraft(null);
            setError(null);
          }
        }}
      />
    );
  }
  return (
    <div className={`kit-field${props.remote ? ' kit-remote' : ''}${error ? ' kit-invalid' : ''}`}>
      <label htmlFor={id}>{t(field.label)}</label>
      {input}
      {props.remote && <span className="kit-remote-note">{t('Just changed by someone else')}</span>}
      {error && (
        <span id={`${id}-error`} className="kit-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A record's value as the input shows it. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** What an input's text means for the field's schema: empty is null, a number field a number. */
export function parseInput(kind: ReturnType<typeof inputOf>, text: string): unknown {
  if (kind === 'boolean') return text === 'true';
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (kind === 'datetime') {
    const at = new Date(trimmed);
    return Number.isNaN(at.getTime()) ? trimmed : at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  if (kind === 'plant' || kind === 'number')
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
  return kind === 'textarea' ? text : trimmed;
}

/** An instant as a datetime-local input shows it: `YYYY-MM-DDTHH:mm` in the browser's own zone. */
export function localInputOf(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}
