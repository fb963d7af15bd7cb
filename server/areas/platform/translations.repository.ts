import type { Sql } from '../../db/database';

/** A row of `translations`; `translated` is null while the text is only known to be missing. */
export interface TranslationDbRow {
  translation_id: number;
  language: string;
  english: string;
  translated: string | null;
}

const columns = 'translation_id, language, english, translated';

/** Escapes LIKE wildcards so a search for "50%" finds that text, not everything. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a language's rows: matching `search` (in the English or the translation, any case),
 * only the missing ones when asked; missing first, then by English text. With the total that match.
 */
export async function pageTranslations(
  db: Sql,
  q: { language: string; search: string; missingOnly: boolean; skip: number; take: number },
): Promise<{ rows: TranslationDbRow[]; total: number; missingTotal: number }> {
  const where = [
    'language = $1',
    q.missingOnly ? 'translated IS NULL' : 'TRUE',
    q.search ? `(english ILIKE $2 ESCAPE '\\' OR translated ILIKE $2 ESCAPE '\\')` : '$2::text IS NULL',
  ].join(' AND ');
  const params = [q.language, q.search ? likePattern(q.search) : null];
  const rows = await db.query<TranslationDbRow>(
    `SELECT ${columns} FROM translations WHERE ${where}
      ORDER BY (translated IS NULL) DESC, english, translation_id LIMIT $3 OFFSET $4`,
    [...params, q.take, q.skip],
  );
  const [counts] = await db.query<{ total: number; missing_total: number }>(
    `SELECT (SELECT count(*) FROM translations WHERE ${where})::integer AS total,
            (SELECT count(*) FROM translations WHERE language = $1 AND translated IS NULL)::integer AS missing_total`,
    params,
  );
  return {
    rows: rows.map(normalise),
    total: counts?.total ?? 0,
    missingTotal: counts?.missing_total ?? 0,
  };
}

export async function findTranslationRow(
  db: Sql,
  language: string,
  english: string,
): Promise<TranslationDbRow | null> {
  const rows = await db.query<TranslationDbRow>(
    `SELECT ${columns} FROM translations WHERE language = $1 AND english = $2`,
    [language, english],
  );
  return rows[0] ? normalise(rows[0]) : null;
}

/** Inserts or replaces the translation of one text; answers the row. */
export async function upsertTranslation(
  db: Sql,
  t: { language: string; english: string; translated: string; employeeId: number },
): Promise<TranslationDbRow> {
  const [row] = await db.query<TranslationDbRow>(
    `INSERT INTO translations (language, english, translated, updated_at, updated_by)
     VALUES ($1, $2, $3, now(), $4)
     ON CONFLICT (language, english)
       DO UPDATE SET translated = EXCLUDED.translated, updated_at = now(), updated_by = EXCLUDED.updated_by
     RETURNING ${columns}`,
    [t.language, t.english, t.translated, t.employeeId],
  );
  return normalise(row!);
}

/** Removes one row; answers it as it was, or null when there was none. */
export async function deleteTranslationRow(
  db: Sql,
  language: string,
  english: string,
): Promise<TranslationDbRow | null> {
  const rows = await db.query<TranslationDbRow>(
    `DELETE FROM translations WHERE language = $1 AND english = $2 RETURNING ${columns}`,
    [language, english],
  );
  return rows[0] ? normalise(rows[0]) : null;
}

/**
 * Records reported texts: unknown ones as missing (how many were new), known ones get `reported_at`.
 * Answers the translations that exist for any of them.
 */
export async function recordReported(
  db: Sql,
  language: string,
  texts: readonly string[],
): Promise<{ recorded: number; translated: Array<{ english: string; translated: string }> }> {
  const inserted = await db.query<{ english: string }>(
    `INSERT INTO translations (language, english, reported_at)
     SELECT DISTINCT $1, t, now() FROM unnest($2::text[]) AS t
     ON CONFLICT (language, english) DO UPDATE SET reported_at = now()
     RETURNING english, (xmax = 0) AS inserted`,
    [language, texts],
  );
  const recorded = (inserted as unknown as Array<{ inserted: boolean }>).filter((r) => r.inserted).length;
  const translated = await db.query<{ english: string; translated: string }>(
    `SELECT english, translated FROM translations
      WHERE language = $1 AND english = ANY($2::text[]) AND translated IS NOT NULL`,
    [language, texts],
  );
  return { recorded, translated };
}

function normalise(row: TranslationDbRow): TranslationDbRow {
  return { ...row, translation_id: Number(row.translation_id) };
}
