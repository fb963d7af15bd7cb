import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { searchKinds } from '../../domain/platform/search';
import { type Database, openPglite, openPostgres } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { searchIndex } from '../../server/kit/search';

/**
 * npm run bench:search (issue 16 target): global search over BENCH_RECORDS (500,000) indexed records,
 * p95 ≤ 100 ms from a keystroke's query to the answer on the server, on PGlite and on PostgreSQL.
 * The peer, in the same run over the same rows: a plain `title ILIKE '%q%' OR detail ILIKE '%q%'` scan.
 * Each query is what a person's keystrokes send: every prefix of a few words ("m", "mo", "mor", …).
 */
const RECORDS = Number(process.env.BENCH_RECORDS ?? 500_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const first = [
  'maria',
  'luis',
  'alex',
  'priya',
  'dana',
  'samuel',
  'jordan',
  'victor',
  'carmen',
  'fiona',
  'marcus',
  'tomas',
  'olga',
  'kenji',
  'amara',
  'bruno',
];
const last = [
  'santos',
  'romero',
  'morgan',
  'mehta',
  'whitfield',
  'ortiz',
  'blake',
  'hale',
  'diaz',
  'grant',
  'bell',
  'becker',
  'novak',
  'tanaka',
  'okafor',
  'silva',
];
const words = [
  'rack',
  'upright',
  'beam',
  'brace',
  'dock',
  'scanner',
  'tablet',
  'kiosk',
  'printer',
  'saw',
  'roll',
  'former',
  'paint',
  'line',
  'weld',
  'punch',
];
const typed = ['morgan', 'santos', 'j00123', 'scanner', 'upright beam', 'whitfeld', 'kenji tan', 'ro'];
const keystrokes = typed.flatMap((w) =>
  Array.from({ length: w.length }, (_, i) => w.slice(0, i + 1)).filter((q) => q.trim()),
);

async function fill(db: Database): Promise<void> {
  const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;
  // Synthetic rows in the four kinds of today, as the areas' entries would be: folded text, plant 1–20.
  await db.query(
    `INSERT INTO search_index (kind, record_key, plant_id, title, detail, link, title_folded, search_text)
     SELECT kind, key, plant, title, detail, '/x', lower(title), lower(title || ' ' || detail) FROM (
       SELECT (ARRAY['employee','job','order','device'])[1 + i % 4] AS kind, i::text AS key, 1 + i % 20 AS plant,
         CASE i % 4
           WHEN 1 THEN 'J' || lpad(i::text, 6, '0')
           WHEN 2 THEN (100000 + i)::text
           ELSE initcap((${arr(first)})[1 + (i * 7) % 16] || ' ' || (${arr(last)})[1 + (i * 13 / 16) % 16] || ' ' || (i % 997)::text)
         END AS title,
         (${arr(words)})[1 + (i * 3) % 16] || ' ' || (${arr(words)})[1 + (i * 5 / 16) % 16] || ' · ' || (${arr(last)})[1 + i % 16] AS detail
       FROM generate_series(1, ${RECORDS}) AS i) s`,
  );
  await db.query('ANALYZE search_index');
}

const q95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
const q50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(name: string, db: Database) {
  const started = Date.now();
  await fill(db);
  console.log(
    `${name}: ${RECORDS.toLocaleString()} records indexed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const ours: number[] = [];
  const peer: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of keystrokes) {
      let t = performance.now();
      await searchIndex(db, { query: q, kinds: searchKinds, plantId: null, take: 5 });
      ours.push(performance.now() - t);
      t = performance.now();
      await db.query(
        `SELECT kind, record_key, title, detail FROM search_index WHERE title ILIKE $1 OR detail ILIKE $1 LIMIT 20`,
        [`%${q}%`],
      );
      peer.push(performance.now() - t);
    }
  }
  const row = (label: string, xs: number[]) =>
    `  ${label.padEnd(28)} p50 ${q50(xs).toFixed(1).padStart(7)} ms   p95 ${q95(xs).toFixed(1).padStart(7)} ms`;
  console.log(row('global search (ranked)', ours));
  console.log(row("peer: ILIKE '%q%' scan", peer));
  console.log(
    `  ratio p95 peer/ours ${(q95(peer) / q95(ours)).toFixed(1)}×   target p95 ≤ 100 ms: ${q95(ours) <= 100 ? 'met' : 'MISSED'}  (${ours.length} queries)`,
  );
}

console.log(`bench:search: ${keystrokes.length} keystroke queries × ${ROUNDS} rounds per database`);
const lite = await openPglite();
await migrate(lite);
await measure('PGlite', lite);
await lite.close();

const dbName = `sw_bench_search_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const db = await openPostgres(adminUrl.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`), 2);
  await migrate(db);
  await measure('PostgreSQL', db);
  await db.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
} catch (error) {
  console.log(`PostgreSQL: skipped (${(error as Error).message})`);
} finally {
  await admin.end().catch(() => undefined);
}
