import { type KeyboardEvent, useState } from 'react';
import { NumericInput, type NumericInputProps } from '../../../ui/NumericInput';

type CommitNumberProps = Omit<NumericInputProps, 'value' | 'onChange'> & {
  value: number;
  /** Called once the person leaves the field or presses Enter, with a changed value. */
  onCommit: (value: number) => void;
  saving?: boolean;
};

/**
 * A NumericInput that saves when the person is done (blur or Enter), not at every keystroke: each
 * commit is one post on the queue.
 */
export function CommitNumber({ value, onCommit, saving, className, ...rest }: CommitNumberProps) {
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const commit = () => {
    if (draft !== undefined && draft !== null && !Object.is(draft, value)) onCommit(draft);
    setDraft(undefined);
  };
  return (
    <NumericInput
      {...rest}
      className={`${className ?? ''}${saving ? ' pp-saving' : ''}`}
      data-saving={saving ? 'true' : undefined}
      value={draft === undefined ? value : draft}
      onChange={(v) => setDraft(v)}
      onBlur={commit}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') commit();
      }}
    />
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
