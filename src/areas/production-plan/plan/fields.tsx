import { type KeyboardEvent, useId, useState } from 'react';
import { useT } from '../../../i18n';
import { NumericInput, type NumericInputProps } from '../../../ui/NumericInput';

type CommitNumberProps = Omit<NumericInputProps, 'value' | 'onChange'> & {
  value: number;
  /** Called once the person leaves the field or presses Enter, with a changed value. */
  onCommit: (value: number) => void;
  saving?: boolean;
};

/** Outside `min`..`max`: the limits to name in the refusal; inside (or no limits): null. */
export function outOfRange(value: number, min?: number, max?: number): { min: number; max: number } | null {
  if ((min !== undefined && value < min) || (max !== undefined && value > max))
    return { min: min ?? Number.NEGATIVE_INFINITY, max: max ?? Number.POSITIVE_INFINITY };
  return null;
}

/**
 * A NumericInput that saves when the person is done (blur or Enter), not at every keystroke: each
 * commit is one post on the queue. A value outside min..max is refused, not snapped to the limit
 * (issue 15: 2,000,000 pieces silently became 1,000,000): the field keeps what was typed and says which
 * field and which limits, as the other refusals do; Escape goes back to the saved value.
 */
export function CommitNumber({ value, onCommit, saving, className, min, max, ...rest }: CommitNumberProps) {
  const t = useT();
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const [refused, setRefused] = useState<{ min: number; max: number } | null>(null);
  const errorId = useId();
  // Escape drops what was typed: a new input, since the field's own text would be reported again on blur.
  const [generation, setGeneration] = useState(0);
  const commit = () => {
    if (draft !== undefined && draft !== null && !Object.is(draft, value)) {
      const limits = outOfRange(draft, min, max);
      setRefused(limits);
      if (limits) return;
      onCommit(draft);
    }
    setRefused(null);
    setDraft(undefined);
  };
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    <span className="pp-commit">
      <NumericInput
        key={generation}
        {...rest}
        className={`${className ?? ''}${saving ? ' pp-saving' : ''}${refused ? ' pp-refused' : ''}`}
        data-saving={saving ? 'true' : undefined}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? errorId : undefined}
        value={draft === undefined ? value : draft}
        onChange={(v) => setDraft(v)}
        onBlur={commit}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') {
            setDraft(undefined);
            setRefused(null);
            setGeneration((g) => g + 1);
          }
        }}
      />
      {refused && (
        <span className="pp-field-error" role="alert" id={errorId}>
          {t('Not saved: {{field}} must be between {{min}} and {{max}}.', {
            field: rest['aria-label'] ?? rest.name ?? '',
            min: n(refused.min),
            max: n(refused.max),
          })}
        </span>
      )}
    </span>
  );
}

/** A text area that saves on blur. */
export function CommitText({
  value,
  onCommit,
  saving,
  ...rest
}: {
  value: string;
  onCommit: (value: string) => void;
  saving?: boolean;
  name?: string;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  return (
    <textarea
      {...rest}
      rows={2}
      className={saving ? 'pp-saving' : undefined}
      value={draft ?? value}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => {
        if (draft !== undefined && draft !== value) onCommit(draft);
        setDraft(undefined);
      }}
    />
  );
}
