import { z } from 'zod';
import { type Access, defineCall } from '../contract/call';
import { Count, Text } from '../contract/fields';
import type { PermissionFlag } from './permissions';
import { languages } from './session';

/**
 * Translation maintenance, beyond the spec (spec 000 §7.2 and spec 001 §7 show only Translate and
 * GetDefaultTranslations; the /translations screen of the route table needs more). English keys are the
 * English text itself; a language's translations are rows (language, English, Text).
 */

/** The languages that have translations: every language of the product except English itself. */
export const translatedLanguages = languages.filter((l) => l !== 'en') as Exclude<
  (typeof languages)[number],
  'en'
>[];
export const TranslatedLanguage = z.enum(languages).exclude(['en']);
export type TranslatedLanguage = z.infer<typeof TranslatedLanguage>;

/**
 * Who maintains translations: the application (MES) administrators, and super administrators. Not
 * informationTechnology (that is the systems side, not the product's content) and not
 * employeeAdministrator (people records).
 */
export const translatorFlags = [
  'mesAdministrator',
  'superAdministrator',
] as const satisfies readonly PermissionFlag[];
const translatorAccess: Access = { anyOf: translatorFlags };

/** Longest English text or translation kept (the same limit as translation/Translate). */
export const TRANSLATION_TEXT_MAX = 4000;
/** Most texts one ReportMissing batch carries. */
export const REPORT_MISSING_MAX = 500;
/** Most rows one GetTranslations page holds. */
export const TRANSLATIONS_PAGE_MAX = 200;

/** An English text (a translation key): exact, not trimmed, but never only spaces. */
const englishText = (blank: string) =>
  Text(TRANSLATION_TEXT_MAX)
    .min(1)
    .refine((s) => s.trim().length > 0, { message: blank });

/** One translation row as the maintenance screen shows it; `Text` null while the text is missing. */
export const TranslationRow = z.object({
  TranslationID: z.number().int(),
  English: z.string(),
  Language: z.enum(languages),
  Text: z.string().nullable(),
  Missing: z.boolean(),
});
export type TranslationRow = z.infer<typeof TranslationRow>;

/**
 * `POST translation/ReportMissing {Language, Texts}`: the client's batch of texts it had no translation
 * for (spec 001 §4 "missing translations are requested from the server in batches", debounce 1000 ms).
 * Unknown texts are recorded as missing for the translators; the answer carries the translations the
 * server does have for any of them (translated since the client loaded its defaults).
 */
export const ReportMissingTranslations = defineCall({
  method: 'POST',
  path: 'translation/ReportMissing',
  summary:
    'Report texts a screen had no translation for: records the unknown ones as missing, answers those already translated.',
  access: 'user',
  payload: z.object({
    Language: TranslatedLanguage,
    Texts: z.array(englishText('Texts must not contain a blank text')).min(1).max(REPORT_MISSING_MAX),
  }),
  result: z.object({
    /** How many texts were new to the server (recorded as missing now). */
    Recorded: z.number().int().min(0),
    /** English text → translation, for the reported texts that have one. */
    Translations: z.record(z.string(), z.string()),
  }),
});

/** `GET translation/GetTranslations`: one page of a language's translations, searched, missing first when asked. */
export const GetTranslations = defineCall({
  method: 'GET',
  path: 'translation/GetTranslations',
  summary:
    "A page of a language's translations (search in the English and the translation; missing only), with the total.",
  access: translatorAccess,
  payload: z.object({
    Language: TranslatedLanguage,
    Search: Text(200).optional(),
    MissingOnly: z.boolean().optional(),
    Skip: Count().optional(),
    Take: z.number().int().min(1).max(TRANSLATIONS_PAGE_MAX).optional(),
  }),
  result: z.object({
    Rows: z.array(TranslationRow),
    /** Rows matching the search and filter, all pages. */
    Total: z.number().int().min(0),
    /** Missing texts of the language, whatever the search. */
    MissingTotal: z.number().int().min(0),
  }),
});

/** `POST translation/SaveTranslation`: insert or correct one translation; followers of `translations:{Language}` see it live. */
export const SaveTranslation = defineCall({
  method: 'POST',
  path: 'translation/SaveTranslation',
  summary:
    'Insert or correct the translation of one English text; open screens in that language update live.',
  access: translatorAccess,
  payload: z.object({
    Language: TranslatedLanguage,
    English: englishText('English must not be blank'),
    Text: Text(TRANSLATION_TEXT_MAX).trim().min(1),
  }),
  result: TranslationRow,
});

/**
 * `POST translation/DeleteTranslation`: remove a row (a wrong translation, or a "missing" text that is
 * not a real text of the product). Screens in that language fall back to the English text.
 */
export const DeleteTranslation = defineCall({
  method: 'POST',
  path: 'translation/DeleteTranslation',
  summary: 'Remove the translation (or missing record) of one English text; screens show the English again.',
  access: translatorAccess,
  payload: z.object({ Language: TranslatedLanguage, English: englishText('English must not be blank') }),
  result: z.null(),
});
