/**
 * Shared form rules (spec 000 §5). Each validator answers the spec's message, or null when the value
 * passes. The messages are the spec's exact text, kept here so a translation can wrap them later.
 */

export const VALIDATION_MESSAGES = {
  emailRequired: 'E-mail is required',
  emailInvalid: 'E-mail must be valid',
  required: 'Value is required',
  dateRequired: 'Date is required',
  dateInvalid: 'Date must be valid',
} as const;

export type ValidationResult = string | null;

/** Blank means nothing a person typed: null, undefined, '' or only spaces. 0 and false are values. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export function validateRequired(value: unknown): ValidationResult {
  return isBlank(value) ? VALIDATION_MESSAGES.required : null;
}

/** §5: user@domain with a 2–3 letter suffix (user@plant.com, a.b@x.co.uk; not a@b.c or a@b.info). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,3}$/;

export function validateEmail(value: string | null | undefined): ValidationResult {
  if (isBlank(value)) return VALIDATION_MESSAGES.emailRequired;
  return EMAIL.test((value as string).trim()) ? null : VALIDATION_MESSAGES.emailInvalid;
}

/** §5: M/D/YY or M/D/YYYY (one or two digits for month and day). */
const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

/** The date of a M/D/YY or M/D/YYYY text, or null when it is not a real date (2/30/2024 is not). */
export function parseShortDate(text: string): { year: number; month: number; day: number } | null {
  const match = DATE.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const yearText = match[3] ?? '';
  // Two-digit years are this century: the product records production dates, not birthdays.
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return { year, month, day };
}

export function validateDate(value: string | null | undefined): ValidationResult {
  if (isBlank(value)) return VALIDATION_MESSAGES.dateRequired;
  return parseShortDate(value as string) ? null : VALIDATION_MESSAGES.dateInvalid;
}
