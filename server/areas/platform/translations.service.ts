import type { PendingChange } from '../../../domain/live/changes';
import type { TranslationDoc } from '../../../domain/live/docs';
import { topicOf } from '../../../domain/live/topics';
import type { TranslationRow } from '../../../domain/platform/translations';
import type { Sql } from '../../db/database';
import { invalid } from '../../rpc/errors';
import type { AuthUser } from '../../rpc/registry';
import {
  deleteTranslationRow,
  findTranslationRow,
  pageTranslations,
  recordReported,
  type TranslationDbRow,
  upsertTranslation,
} from './translations.repository';

/** Default page size of translation/GetTranslations. */
export const DEFAULT_TAKE = 50;

export function toTranslationRow(row: TranslationDbRow): TranslationRow {
  return {
    TranslationID: row.translation_id,
    English: row.english,
    Language: row.language as TranslationRow['Language'],
    Text: row.translated,
    Missing: row.translated === null,
  };
}

/** The change every screen in the language applies: the text's translation, or null (show the English). */
function change(row: TranslationDbRow, text: string | null): PendingChange {
  const doc: TranslationDoc = {
    TranslationID: row.translation_id,
    Language: row.language as TranslationDoc['Language'],
    English: row.english,
    Text: text,
  };
  return {
    topic: topicOf.translations(row.language),
    collection: 'translations',
    id: String(row.translation_id),
    doc,
  };
}

export async function listTranslations(
  db: Sql,
  q: { Language: string; Search?: string; MissingOnly?: boolean; Skip?: number; Take?: number },
) {
  const page = await pageTranslations(db, {
    language: q.Language,
    search: q.Search?.trim() ?? '',
    missingOnly: q.MissingOnly ?? false,
    skip: q.Skip ?? 0,
    take: q.Take ?? DEFAULT_TAKE,
  });
  return { Rows: page.rows.map(toTranslationRow), Total: page.total, MissingTotal: page.missingTotal };
}

export async function saveTranslation(
  db: Sql,
  user: AuthUser,
  t: { Language: string; English: string; Text: string },
  publish: (change: PendingChange) => void,
): Promise<TranslationRow> {
  const row = await upsertTranslation(db, {
    language: t.Language,
    english: t.English,
    translated: t.Text,
    employeeId: user.employeeId,
  });
  publish(change(row, row.translated));
  return toTranslationRow(row);
}

export async function deleteTranslation(
  db: Sql,
  t: { Language: string; English: string },
  publish: (change: PendingChange) => void,
): Promise<null> {
  if (!(await findTranslationRow(db, t.Language, t.English))) {
    throw invalid(`There is no ${t.Language} translation of "${preview(t.English)}".`);
  }
  const row = await deleteTranslationRow(db, t.Language, t.English);
  // Not a deletion of the document: a screen that got this text from GetDefaultTranslations (never
  // from the feed) must still learn which English text lost its translation.
  if (row) publish(change(row, null));
  return null;
}

export async function reportMissing(db: Sql, language: string, texts: readonly string[]) {
  const { recorded, translated } = await recordReported(db, language, [...new Set(texts)]);
  return {
    Recorded: recorded,
    Translations: Object.fromEntries(translated.map((t) => [t.english, t.translated])),
  };
}

const preview = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
