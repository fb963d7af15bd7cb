import {
  foldSearchText,
  type MatchKind,
  matchKinds,
  SEARCH_COUNT_CAP,
  type SearchGroup,
  type SearchKind,
  searchKinds,
  searchWords,
} from '../../domain/platform/search';
import type { Database, Sql } from '../db/database';

/**
 * Global search's index (issue 16 item 9), owned by the kit: one table (`search_index`, migration
 * 0042) that every area feeds with its own records through the functions here, never by this module
 * reading the areas' tables. An area:
 * - calls `indexSearchEntries(tx, …)` / `removeSearchEntries(tx, …)` in the transaction of every change
 *   that alters what a record is found by (kit documents do it generically), so the index is never
 *   behind a committed change nor ahead of a rolled-back one;
 * - registers a `SearchSource` that pages through all its findable records, which `catchUpSearchIndex`
 *   reads when the server starts: rows written outside calls (seeds, imports, create-admin) and kinds
 *   added since the last start are found without a separate rebuild step.
 */
export interface SearchEntry {
  kind: string;
  key: string | number;
  /** The record's plant, for plant data; null otherwise. */
  plantId: number | null;
  /** What the result shows first (a name, a job number): the best ranking tiers compare this. */
  title: string;
  /** What it shows beside (a title, a part and customer). */
  detail: string;
  /** Where the result opens. */
  link: string;
  /** Further text it is found by but does not show (an e-mail, a serial number). */
  extra?: string;
}

export interface SearchSource {
  kind: string;
  /**
   * A page of the kind's findable records after `after` (null: from the start), in an order the
   * source keeps from call to call; the last entry's `cursor` is the next call's `after`.
   */
  page(db: Sql, after: string | null, limit: number): Promise<Array<SearchEntry & { cursor: string }>>;
}

const sources = new Map<string, SearchSource>();

/** An area's records join global search (its kind must be declared in domain/platform/search.ts). */
export function registerSearchSource(source: SearchSource): void {
  if (!searchKinds.some((k) => k.kind === source.kind))
    throw new Error(`search kind ${source.kind} is not declared in domain/platform/search.ts`);
  // Several apps are built in one test process: the same area registers the same kind again.
  sources.set(source.kind, source);
}

export function searchSources(): SearchSource[] {
  return [...sources.values()];
}

/** Writes (or rewrites) entries of the index; unchanged rows are not rewritten. */
export async function indexSearchEntries(db: Sql, entries: readonly SearchEntry[]): Promise<void> {
  if (!entries.length) return;
  const cols: unknown[][] = [[], [], [], [], [], [], [], []];
  for (const e of entries) {
    const title = e.title.slice(0, 500);
    const detail = e.detail.slice(0, 1000);
    const values = [
      e.kind,
      String(e.key),
      e.plantId,
      title,
      detail,
      e.link,
      foldSearchText(title),
      foldSearchText([title, detail, e.extra ?? ''].join(' ')).slice(0, 4000),
    ];
    for (const [i, v] of values.entries()) cols[i]!.push(v);
  }
  await db.query(
    `INSERT INTO search_index (kind, record_key, plant_id, title, detail, link, title_folded, search_text)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
     ON CONFLICT (kind, record_key) DO UPDATE SET plant_id = excluded.plant_id, title = excluded.title,
       detail = excluded.detail, link = excluded.link, title_folded = excluded.title_folded,
       search_text = excluded.search_text, indexed_at = now()
     WHERE (search_index.plant_id, search_index.title, search_index.detail, search_index.link, search_index.search_text)
       IS DISTINCT FROM (excluded.plant_id, excluded.title, excluded.detail, excluded.link, excluded.search_text)`,
    cols,
  );
}

/** Takes records out of the index (deleted, or no longer findable). */
export async function removeSearchEntries(
  db: Sql,
  kind: string,
  keys: ReadonlyArray<string | number>,
): Promise<void> {
  if (!keys.length) return;
  await db.query('DELETE FROM search_index WHERE kind = $1 AND record_key = ANY($2::text[])', [
    kind,
    keys.map(String),
  ]);
}

/** Serialises catch-ups of several processes starting on one database. */
const CATCH_UP_LOCK = 7_340_016;

/**
 * Brings the index up to every registered source: writes what differs, removes what is gone.
 * Answers the entries read per kind.
 */
export async function catchUpSearchIndex(db: Database, batch = 2000): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const source of sources.values()) {
    const keys = new Set<string>();
    let after: string | null = null;
    for (;;) {
      const page = await source.page(db, after, batch);
      if (!page.length) break;
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [CATCH_UP_LOCK]);
        await indexSearchEntries(tx, page);
      });
      for (const e of page) keys.add(String(e.key));
      after = page.at(-1)!.cursor;
      if (page.length < batch) break;
    }
    seen[source.kind] = keys.size;
    const [count] = await db.query<{ n: number }>('SELECT count(*) AS n FROM search_index WHERE kind = $1', [
      source.kind,
    ]);
    // Only when the index holds more than the source: a record removed outside any call.
    if (Number(count?.n ?? 0) > keys.size) {
      const indexed = await db.query<{ k: string }>(
        'SELECT record_key AS k FROM search_index WHERE kind = $1',
        [source.kind],
      );
      const gone = indexed.map((r) => r.k).filter((k) => !keys.has(k));
      for (let i = 0; i < gone.length; i += 5000)
        await removeSearchEntries(db, source.kind, gone.slice(i, i + 5000));
    }
  }
  return seen;
}

export interface SearchQuery {
  query: string;
  /** The kinds the caller may find (already filtered by flags). */
  kinds: readonly SearchKind[];
  /** Plant data of this plant only (null: every plant). */
  plantId: number | null;
  take: number;
}

interface Hit {
  kind: string;
  record_key: string;
  plant_id: number | null;
  title: string;
  detail: string;
  link: string;
  tier: number;
}

/** LIKE patterns: the text's own % _ and \ taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Ranked results per kind. Each tier is its own small indexed query with its own LIMIT (per kind),
 * so a one-letter query over half a million rows reads at most a few pages, never every match:
 * 0 the whole title, 1 the title's start (btree on the folded title), 2 a word starting so (full
 * text, prefix query), 3 anywhere (trigrams; from three letters), 4 close spellings (trigram word
 * similarity; only when the others found too few, from four letters).
 */
export async function searchIndex(db: Database, q: SearchQuery): Promise<SearchGroup[]> {
  const folded = foldSearchText(q.query);
  const words = searchWords(q.query);
  if (!folded || !words.length || !q.kinds.length) return [];
  const tsquery = words.map((w) => `${w}:*`).join(' & ');
  const kinds = q.kinds.map((k) => k.kind);
  const scoped = q.kinds.filter((k) => k.plantScoped).map((k) => k.kind);
  const take = q.take;
  const substring = folded.length >= 3;
  // $1 kinds, $2 scoped kinds, $3 plant, $4 folded, $5 prefix pattern, $6 tsquery, $7 take, $8 contains
  // (only sent when used: a parameter no statement mentions has no type, and the database refuses it).
  const params: unknown[] = [
    kinds,
    scoped,
    q.plantId,
    folded,
    `${literal(folded)}%`,
    tsquery,
    take + 1,
    ...(substring ? [`%${literal(folded)}%`] : []),
  ];
  const plant = `($3::int IS NULL OR s.plant_id = $3 OR NOT (s.kind = ANY($2::text[])))`;
  const cols = 's.record_key, s.plant_id, s.title, s.detail, s.link, s.title_folded';
  const branch = (tier: string, where: string, order = '') =>
    `(SELECT ${cols}, ${tier} AS tier FROM search_index s
       WHERE s.kind = k.kind AND ${plant} AND ${where} ${order} LIMIT $7)`;
  const branches = [
    branch(
      'CASE WHEN s.title_folded = $4 THEN 0 ELSE 1 END',
      's.title_folded LIKE $5',
      'ORDER BY s.title_folded',
    ),
    branch('2', "s.tsv @@ to_tsquery('simple', $6)"),
    ...(substring ? [branch('3', 's.search_text LIKE $8')] : []),
  ];
  const matches = `(s.title_folded LIKE $5 OR s.tsv @@ to_tsquery('simple', $6)${substring ? ' OR s.search_text LIKE $8' : ''})`;
  const hits = await db.query<Hit & { total: number }>(
    `SELECT k.kind, h.record_key, h.plant_id, h.title, h.detail, h.link, h.tier, c.total
       FROM unnest($1::text[]) AS k(kind)
       CROSS JOIN LATERAL (
         SELECT DISTINCT ON (record_key) * FROM (${branches.join(' UNION ALL ')}) b
          ORDER BY record_key, tier
       ) h
       CROSS JOIN LATERAL (
         SELECT count(*) AS total FROM (
           SELECT 1 FROM search_index s WHERE s.kind = k.kind AND ${plant} AND ${matches} LIMIT ${SEARCH_COUNT_CAP + 1}
         ) m
       ) c`,
    params,
  );
  const byKind = new Map<string, { hits: Hit[]; total: number }>();
  for (const h of hits) {
    const group = byKind.get(h.kind) ?? { hits: [], total: Number(h.total) };
    group.hits.push(h);
    byKind.set(h.kind, group);
  }
  // Close spellings, for the kinds the exact tiers left short.
  const short = kinds.filter((k) => (byKind.get(k)?.hits.length ?? 0) < take);
  if (short.length && folded.length >= 4) {
    const fuzzy = await db.transaction(async (tx) => {
      // The operator's threshold (default 0.6) misses one swapped letter in a short name.
      await tx.query("SELECT set_config('pg_trgm.word_similarity_threshold', '0.45', true)");
      return tx.query<Hit>(
        `SELECT k.kind, h.* FROM unnest($1::text[]) AS k(kind)
          CROSS JOIN LATERAL (
            SELECT s.record_key, s.plant_id, s.title, s.detail, s.link, 4 AS tier FROM search_index s
             WHERE s.kind = k.kind AND ${plant} AND $4 <% s.search_text
             ORDER BY $4 <<-> s.search_text LIMIT $5
          ) h`,
        [short, scoped, q.plantId, folded, take + 1],
      );
    });
    for (const h of fuzzy) {
      const group = byKind.get(h.kind) ?? { hits: [], total: 0 };
      if (group.hits.some((x) => x.record_key === h.record_key)) continue;
      group.hits.push(h);
      group.total += 1;
      byKind.set(h.kind, group);
    }
  }
  const groups: SearchGroup[] = [];
  for (const kind of q.kinds) {
    const group = byKind.get(kind.kind);
    if (!group?.hits.length) continue;
    group.hits.sort(
      (a, b) =>
        a.tier - b.tier ||
        a.title.length - b.title.length ||
        a.title.localeCompare(b.title) ||
        a.record_key.localeCompare(b.record_key),
    );
    const total = Math.max(group.total, group.hits.length);
    groups.push({
      Kind: kind.kind,
      Label: kind.label,
      Total: Math.min(total, SEARCH_COUNT_CAP),
      Capped: total > SEARCH_COUNT_CAP,
      Results: group.hits.slice(0, take).map((h) => ({
        Kind: kind.kind,
        Key: h.record_key,
        Title: h.title,
        Detail: h.detail,
        Link: h.link,
        PlantID: h.plant_id === null ? null : Number(h.plant_id),
        Match: matchKinds[h.tier] as MatchKind,
      })),
    });
  }
  return groups;
}
