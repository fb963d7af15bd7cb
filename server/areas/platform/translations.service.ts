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

/**
 * How many texts translation/ReportMissing may add as missing. Any logged-in user may call it with 500
 * texts a call: without a cap one user could fill the translators' list (and the table) without end.
 * A screen reports its own texts once, so real use stays far below both.
 */
export const MissingCaps = {
  /** New missing texts one employee may add an hour (counted per server process). */
  perEmployeeHour: 1000,
  /** Missing (untranslated) texts a language may hold: past it, nothing new is recorded. */
  perLanguage: 20_000,
};

/** New missing texts recorded per employee in the current hour, per server process. */
export class MissingBudget {
  private hour = -1;
  private readonly used = new Map<number, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes up to `wanted` from the employee's hourly budget; answers how many were granted. */
  take(employeeId: number, wanted: number): number {
    const hour = Math.floor(this.now() / 3_600_000);
    if (hour !== this.hour) {
      this.hour = hour;
      this.used.clear();
    }
    const used = this.used.get(employeeId) ?? 0;
    const granted = Math.max(0, Math.min(wanted, MissingCaps.perEmployeeHour - used));
    this.used.set(employeeId, used + granted);
    return granted;
  }
}

export async function reportMissing(
  db: Sql,
  user: AuthUser,
  language: string,
  texts: readonly string[],
  budget: MissingBudget,
) {
  const unique = [...new Set(texts)];
  const known = new Set(await knownTexts(db, language, unique));
  const unknown = unique.filter((t) => !known.has(t));
  let allowed: string[] = [];
  if (unknown.length && (await missingCount(db, language)) < MissingCaps.perLanguage) {
    allowed = unknown.slice(0, budget.take(user.employeeId, unknown.length));
  }
  // Texts over the caps are not recorded: the answer still carries the translations that exist, and
  // the screen shows the English, as it does for any missing text.
  const { recorded, translated } = await recordReported(db, language, [...known, ...allowed]);
  return {
    Recorded: recorded,
    Translations: Object.fromEntries(translated.map((t) => [t.english, t.translated])),
  };
}

async function knownTexts(db: Sql, language: string, texts: string[]): Promise<string[]> {
  const rows = await db.query<{ english: string }>(
    'SELECT english FROM translations WHERE language = $1 AND english = ANY($2::text[])',
    [language, texts],
  );
  return rows.map((r) => r.english);
}

async function missingCount(db: Sql, language: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM translations WHERE language = $1 AND translated IS NULL',
    [language],
  );
  return Number(row?.n ?? 0);
}

const preview = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
