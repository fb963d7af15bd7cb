/**
 * Numeric input rules (spec 000 §5, §3.4, §9). Framework-free so every rule is unit tested; the
 * NumericInput component only wires them to an <input>.
 *
 * Three steps:
 * - sanitizeKeystroke: what the field accepts while a person types (characters, one minus, one point,
 *   decimals truncated); anything else keeps the previous text.
 * - parseNumeric: text → stored value (commas removed, truncated, percent ÷ 100, snapped to min/max,
 *   '' → null or the default); non-numeric text gives the previous value back.
 * - formatNumeric: stored value → text, for editing (plain) or for display ($ prefix, lb/in suffix,
 *   thousands commas).
 *
 * Decimal arithmetic is done on the digit strings, never by multiplying floats, so 0.07 as a percent
 * shows 7 (not 7.000000000000001) and 7 typed as a percent stores exactly 0.07.
 */
import { CURRENCY_DECIMALS, DEFAULT_DECIMALS, PERCENT_DECIMALS } from './constants';

/** §3.4: the numeric input options. min/max are in stored units (a percent field's 0.5 is 50%). */
export interface NumericOptions {
  min?: number;
  max?: number;
  /** Allowed decimals of the typed/displayed number; default 2 for usd and percent, else 0. */
  decimals?: number;
  /** Displays the value × 100 and stores what is typed ÷ 100. */
  percent?: boolean;
  /** Currency: `$` prefix on display. */
  usd?: boolean;
  /** ` lb` suffix on display. */
  pounds?: boolean;
  /** ` in` suffix on display. */
  inches?: boolean;
  allowNegative?: boolean;
  /** Empty text converts to null; otherwise to `defaultValue` (0 when not given). */
  nullable?: boolean;
  defaultValue?: number;
}

/** The decimals a field allows: explicit, else 2 for currency and percentages (§9), else 0 (§5). */
export function decimalsOf(opts: NumericOptions): number {
  if (opts.decimals !== undefined) return Math.max(0, Math.floor(opts.decimals));
  if (opts.usd) return CURRENCY_DECIMALS;
  if (opts.percent) return PERCENT_DECIMALS;
  return DEFAULT_DECIMALS;
}

export function prefixOf(opts: NumericOptions): string {
  return opts.usd ? '$' : '';
}

export function suffixOf(opts: NumericOptions): string {
  if (opts.pounds) return ' lb';
  if (opts.inches) return ' in';
  return '';
}

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

/** Cuts the fraction of a plain decimal string to `decimals` digits (truncation, never rounding). */
function truncateText(text: string, decimals: number): string {
  const dot = text.indexOf('.');
  if (dot < 0) return text;
  if (decimals <= 0) return text.slice(0, dot);
  return text.slice(0, dot + 1 + decimals);
}

/**
 * The text a field keeps after a keystroke or paste. Commas are removed; any character other than a
 * digit, one leading minus (only with allowNegative) or one point (only when decimals > 0) rejects the
 * whole change and keeps `previous`; extra decimals are cut off.
 */
export function sanitizeKeystroke(text: string, opts: NumericOptions, previous: string): string {
  const decimals = decimalsOf(opts);
  const clean = text.replace(/,/g, '');
  if (/[^0-9.-]/.test(clean)) return previous;
  const minuses = count(clean, '-');
  if (minuses > 0 && (!opts.allowNegative || minuses > 1 || !clean.startsWith('-'))) return previous;
  const points = count(clean, '.');
  if (points > 0 && (decimals === 0 || points > 1)) return previous;
  return truncateText(clean, decimals);
}

/** A complete number: optional minus, digits, optional fraction; `5.` and `.5` count, `-` and `.` do not. */
const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)$/;

/**
 * Moves the decimal point of a plain decimal string `places` to the right (negative: left), exactly.
 * '7.5' by -2 → '0.075'; '0.07' by 2 → '7'.
 */
export function shiftDecimal(text: string, places: number): string {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const [intPart = '', fracPart = ''] = body.split('.');
  let digits = intPart + fracPart;
  let point = intPart.length + places;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(point).replace(/0+$/, '');
  const result = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

/** A number as a plain decimal string without exponent (String() is the shortest exact round trip). */
export function plainText(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign = '', lead = '', frac = '', exp = '0'] = match;
  return sign + shiftDecimal(`${lead}.${frac}`, Number(exp));
}

function clamp(value: number, opts: NumericOptions): number {
  if (opts.max !== undefined && value > opts.max) return opts.max;
  if (opts.min !== undefined && value < opts.min) return opts.min;
  return value;
}

/** The value empty text converts to: null for nullable fields, else the default (snapped to min/max). */
export function emptyValue(opts: NumericOptions): number | null {
  if (opts.nullable) return null;
  return clamp(opts.defaultValue ?? 0, opts);
}

/**
 * The stored value of a field's text. Accepts the display form too ($, lb, in, commas). Extra
 * decimals are truncated (with decimals 0, '12.7' is 12). Non-numeric text, or a minus without
 * allowNegative, gives `previous` back (§5: non-numeric input reverts).
 */
export function parseNumeric(
  text: string,
  opts: NumericOptions,
  previous: number | null = null,
): number | null {
  let clean = text.trim().replace(/,/g, '');
  const prefix = prefixOf(opts);
  const suffix = suffixOf(opts).trim();
  if (prefix && clean.startsWith(prefix)) clean = clean.slice(prefix.length);
  if (suffix && clean.endsWith(suffix)) clean = clean.slice(0, -suffix.length).trim();
  if (clean === '') return emptyValue(opts);
  if (!NUMBER_TEXT.test(clean)) return previous;
  if (clean.startsWith('-') && !opts.allowNegative) return previous;
  let stored = truncateText(clean, decimalsOf(opts));
  if (stored === '' || stored === '-') stored = '0';
  if (opts.percent) stored = shiftDecimal(stored, -2);
  const value = Number(stored);
  if (!Number.isFinite(value)) return previous;
  // -0 would display as "0" but compare unequal in Object.is; a stored zero is plain 0.
  return clamp(value === 0 ? 0 : value, opts);
}

function groupThousands(intDigits: string): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The text of a stored value. `edit` (the focused field) is the plain number a person edits; the
 * display form adds thousands commas, the $ prefix or lb/in suffix, and pads currency to its decimals.
 * Both truncate to the allowed decimals, like parsing does.
 */
export function formatNumeric(
  value: number | null | undefined,
  opts: NumericOptions,
  mode: 'display' | 'edit' = 'display',
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const decimals = decimalsOf(opts);
  let text = plainText(value);
  if (opts.percent) text = shiftDecimal(text, 2);
  // Truncated, then trailing fraction zeros dropped: 1.001 at 2 decimals edits as '1', not '1.00'.
  text = truncateText(text, decimals)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  if (text === '-0') text = '0';
  if (mode === 'edit') return text;
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const [intPart = '0', fracPart = ''] = body.split('.');
  const frac = opts.usd ? fracPart.padEnd(decimals, '0') : fracPart;
  const grouped = groupThousands(intPart) + (frac ? `.${frac}` : '');
  return `${negative ? '-' : ''}${prefixOf(opts)}${grouped}${suffixOf(opts)}`;
}
