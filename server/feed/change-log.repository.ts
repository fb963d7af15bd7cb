import type { Sql } from '../db/database';

/** A change_log row as the repository returns it (sequence numbers as numbers). */
export interface ChangeLogRow {
  topic: string;
  seq: number;
  collection: string;
  doc_id: string;
  doc: Record<string, unknown> | null;
  origin: string | null;
}

export interface TopicHead {
  seq: number;
  compactedThrough: number;
}

// int8 arrives as a number from both drivers (server/db/database.ts); Number() keeps that true even if
// a driver's parser changes, since a seq compared as text would order 10 before 9.
const toRow = (r: ChangeLogRow): ChangeLogRow => ({ ...r, seq: Number(r.seq) });

/**
 * Reserves `count` sequence numbers of `topic` and answers the new head (the last one reserved).
 * The upsert takes the row lock of the topic's head, held until the transaction ends: that lock is what
 * puts a topic's sequence in commit order (see appendChanges).
 */
export async function bumpHead(tx: Sql, topic: string, count: number): Promise<number> {
  const rows = await tx.query<{ seq: number }>(
    `INSERT INTO topic_heads (topic, seq) VALUES ($1, $2)
     ON CONFLICT (topic) DO UPDATE SET seq = topic_heads.seq + EXCLUDED.seq
     RETURNING seq`,
    [topic, count],
  );
  return Number(rows[0]!.seq);
}

/** Rows per INSERT: 6 parameters each, far below PostgreSQL's 65535-parameter limit. */
const INSERT_CHUNK = 500;

export async function insertEntries(tx: Sql, rows: readonly ChangeLogRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    const params: unknown[] = [];
    const tuples = chunk.map((r) => {
      const n = params.push(
        r.topic,
        r.seq,
        r.collection,
        r.doc_id,
        r.doc === null ? null : JSON.stringify(r.doc),
        r.origin,
      );
      return `($${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
    });
    await tx.query(
      `INSERT INTO change_log (topic, seq, collection, doc_id, doc, origin) VALUES ${tuples.join(', ')}`,
      params,
    );
  }
}

/**
 * The head of `topic` and its changes after `since`, in sequence order, at most `limit`. One statement,
 * so the head, the compaction point and the rows come from the same snapshot. Undefined for a topic
 * that never had a change.
 */
export async function readAfter(
  db: Sql,
  topic: string,
  since: number,
  limit: number,
): Promise<{ head: TopicHead; rows: ChangeLogRow[] } | undefined> {
  const rows = await db.query<ChangeLogRow & { head: number; compacted_through: number }>(
    `SELECT h.seq AS head, h.compacted_through, h.topic, c.seq, c.collection, c.doc_id, c.doc, c.origin
       FROM topic_heads h
       LEFT JOIN LATERAL (
         SELECT seq, collection, doc_id, doc, origin FROM change_log
          WHERE topic = $1 AND seq > $2 ORDER BY seq LIMIT $3
       ) c ON true
      WHERE h.topic = $1
      ORDER BY c.seq`,
    [topic, since, limit],
  );
  const first = rows[0];
  if (!first) return undefined;
  return {
    head: { seq: Number(first.head), compactedThrough: Number(first.compacted_through) },
    rows: rows.filter((r) => r.seq !== null).map(toRow),
  };
}

/**
 * The latest entry of every document of `topic` that is not deleted, in sequence order, with the
 * topic's head read in the same statement (so no change can fall between the snapshot and its
 * checkpoint). A document is identified by its collection and id.
 */
export async function readSnapshot(
  db: Sql,
  topic: string,
): Promise<{ head: number; rows: ChangeLogRow[] } | undefined> {
  const rows = await db.query<ChangeLogRow & { head: number }>(
    `SELECT h.seq AS head, h.topic, c.seq, c.collection, c.doc_id, c.doc, c.origin
       FROM topic_heads h
       LEFT JOIN LATERAL (
         SELECT * FROM (
           SELECT DISTINCT ON (collection, doc_id) seq, collection, doc_id, doc, origin
             FROM change_log WHERE topic = $1
            ORDER BY collection, doc_id, seq DESC
         ) latest WHERE doc IS NOT NULL
       ) c ON true
      WHERE h.topic = $1
      ORDER BY c.seq`,
    [topic],
  );
  const first = rows[0];
  if (!first) return undefined;
  return { head: Number(first.head), rows: rows.filter((r) => r.seq !== null).map(toRow) };
}

export async function readHeads(db: Sql, topics: readonly string[]): Promise<Map<string, number>> {
  const rows = await db.query<{ topic: string; seq: number }>(
    'SELECT topic, seq FROM topic_heads WHERE topic = ANY($1::text[])',
    [[...topics]],
  );
  return new Map(rows.map((r) => [r.topic, Number(r.seq)]));
}

/**
 * Topics that may have something to compact: those with more than `keepPerTopic` changes after their
 * compaction point. A topic at or under that has nothing outside the count window that a previous run
 * did not already consider.
 */
export async function compactionCandidates(db: Sql, keepPerTopic: number): Promise<string[]> {
  const rows = await db.query<{ topic: string }>(
    'SELECT topic FROM topic_heads WHERE seq - $1 > compacted_through ORDER BY topic',
    [keepPerTopic],
  );
  return rows.map((r) => r.topic);
}

/**
 * Removes the entries of `topic` outside the window that a snapshot no longer needs: superseded ones
 * (a newer entry of the same document exists) and deletions. Answers the removed sequence numbers.
 *
 * The window is a sequence cutoff: everything above the last `keepPerTopic` changes' start or above the
 * first change younger than `olderThanMs` is kept. A cutoff by sequence (not a per-row time test) keeps
 * compaction monotone: `committed_at` is the writer's transaction start, which does not follow the
 * sequence exactly, and a per-row time test could remove a deletion while keeping an older entry of
 * the same document — the document would come back to life in the next snapshot.
 */
export async function deleteCompactable(
  tx: Sql,
  topic: string,
  keepPerTopic: number,
  olderThanMs: number,
): Promise<number[]> {
  const rows = await tx.query<{ seq: number }>(
    `WITH head AS (SELECT seq FROM topic_heads WHERE topic = $1),
     cutoff AS (
       SELECT LEAST(
         (SELECT seq FROM head) - $2,
         COALESCE(
           (SELECT min(seq) FROM change_log
             WHERE topic = $1 AND committed_at >= now() - ($3::double precision * interval '1 millisecond')),
           (SELECT seq FROM head) + 1
         ) - 1
       ) AS seq
     )
     DELETE FROM change_log c
      WHERE c.topic = $1
        AND c.seq <= (SELECT seq FROM cutoff)
        AND (
          c.doc IS NULL
          OR EXISTS (
            SELECT 1 FROM change_log n
             WHERE n.topic = c.topic AND n.collection = c.collection AND n.doc_id = c.doc_id AND n.seq > c.seq
          )
        )
      RETURNING c.seq`,
    [topic, keepPerTopic, olderThanMs],
  );
  return rows.map((r) => Number(r.seq));
}

/** Raises the topic's compaction point (never lowers it: two nodes may compact at once). */
export async function raiseCompactedThrough(tx: Sql, topic: string, seq: number): Promise<void> {
  await tx.query(
    'UPDATE topic_heads SET compacted_through = GREATEST(compacted_through, $2) WHERE topic = $1',
    [topic, seq],
  );
}
