import { type InputHTMLAttributes, useState } from 'react';
import { decimalsOf, formatNumeric, type NumericOptions, parseNumeric, sanitizeKeystroke } from './numeric';
import './widgets.css';

export interface NumericInputProps
  extends NumericOptions,
    Omit<
      InputHTMLAttributes<HTMLInputElement>,
      'value' | 'onChange' | 'type' | 'min' | 'max' | 'defaultValue'
    > {
  value: number | null;
  /** Called with the stored value (percent already ÷ 100, snapped to min/max) when it changes. */
  onChange: (value: number | null) => void;
}

/**
 * A number field following the numeric rules of spec 000 §5. Focused, it shows the plain number being
 * edited; otherwise the display form with thousands commas, `$` or ` lb`/` in`. Each accepted keystroke
 * reports the parsed value; leaving the field (or Enter) settles the text to that value, so a min the
 * person typed below shows as the min.
 */
export function NumericInput(props: NumericInputProps) {
  const {
    value,
    onChange,
    min,
    max,
    decimals,
    percent,
    usd,
    pounds,
    inches,
    allowNegative,
    nullable,
    defaultValue,
    className,
    onFocus,
    onBlur,
    onKeyDown,
    ...inputProps
  } = props;
  const opts: NumericOptions = {
    min,
    max,
    decimals,
    percent,
    usd,
    pounds,
    inches,
    allowNegative,
    nullable,
    defaultValue,
  };
  const [editing, setEditing] = useState<string | null>(null);

  const report = (next: number | null) => {
    if (!Object.is(next, value)) onChange(next);
  };
  const commit = (): number | null => {
    const next = parseNumeric(editing ?? '', opts, value);
    report(next);
    return next;
  };

  return (
    <input
      {...inputProps}
      type="text"
      // Mobile keyboards: a numeric pad has no minus key, so negatives get the full keyboard.
      inputMode={allowNegative ? 'text' : decimalsOf(opts) > 0 ? 'decimal' : 'numeric'}
      className={`sw-numeric${className ? ` ${className}` : ''}`}
      value={editing ?? formatNumeric(value, opts, 'display')}
      onFocus={(e) => {
        setEditing(formatNumeric(value, opts, 'edit'));
        onFocus?.(e);
      }}
      onChange={(e) => {
        const text = sanitizeKeystroke(e.target.value, opts, editing ?? '');
        setEditing(text);
        // Partial text such as '-' or '.' parses to the previous value, so nothing is reported yet.
        report(parseNumeric(text, opts, value));
      }}
      onBlur={(e) => {
        if (editing !== null) commit();
        setEditing(null);
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && editing !== null) setEditing(formatNumeric(commit(), opts, 'edit'));
        onKeyDown?.(e);
      }}
    />
  );
}
