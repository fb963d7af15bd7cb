import type { Sql } from '../db/database';

/** The `job_queue` table (migration 0032): every statement of the job queue is here, all parameterised. */
export type JobStatus = 'queued' | 'running' | 'failed' | 'dead' | 'finished';
export const jobStatuses: readonly JobStatus[] = ['queued', 'running', 'failed', 'dead', 'finished'];

export interface JobRow {
  job_id: number;
  kind: string;
  payload: Record<string, unknown>;
  status: JobStatus;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  unique_key: string | null;
  locked_by: string | null;
  locked_until: Date | null;
  progress: number | null;
  progress_text: string | null;
  result: unknown;
  last_error: string | null;
  errors: { At: string; Attempt: number; Error: string }[];
  created_by: number | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Date;
}

const ms = (n: number) => Math.max(0, Math.round(n));

export async function insertJob(
  tx: Sql,
  job: {
    kind: string;
    payload: unknown;
    runAt: Date | null;
    maxAttempts: number;
    uniqueKey: string | null;
    createdBy: number | null;
  },
): Promise<JobRow | undefined> {
  // ON CONFLICT DO NOTHING: another node (or an earlier call) already enqueued this key.
  const rows = await tx.query<JobRow>(
    `INSERT INTO job_queue (kind, payload, run_at, max_attempts, unique_key, created_by)
     VALUES ($1, $2::jsonb, COALESCE($3::timestamptz, now()), $4, $5, $6)
     ON CONFLICT (unique_key) DO NOTHING
     RETURNING *`,
    [job.kind, JSON.stringify(job.payload ?? {}), job.runAt, job.maxAttempts, job.uniqueKey, job.createdBy],
  );
  return rows[0];
}

export async function jobByKey(db: Sql, uniqueKey: string): Promise<JobRow | undefined> {
  return (await db.query<JobRow>('SELECT * FROM job_queue WHERE unique_key = $1', [uniqueKey]))[0];
}

export async function jobById(db: Sql, jobId: number, lock = false): Promise<JobRow | undefined> {
  return (
    await db.query<JobRow>(`SELECT * FROM job_queue WHERE job_id = $1${lock ? ' FOR UPDATE' : ''}`, [jobId])
  )[0];
}

/**
 * Claims the oldest due job of the given kinds for `node` for `leaseMs`: a queued or failed job whose
 * time has come, or a running one whose lease ran out (its node died). SKIP LOCKED lets concurrent
 * claimers pass over a row another is claiming, so two never get the same job.
 */
export async function claimJob(tx: Sql, kinds: string[], node: string, leaseMs: number) {
  const rows = await tx.query<JobRow>(
    `UPDATE job_queue SET status = 'running', attempts = attempts + 1, locked_by = $2,
            locked_until = now() + $3 * interval '1 millisecond', started_at = now(), updated_at = now(),
            progress = NULL, progress_text = NULL
      WHERE job_id = (
        SELECT job_id FROM job_queue
         WHERE kind = ANY($1::text[]) AND attempts < max_attempts AND run_at <= now()
           AND (status IN ('queued', 'failed') OR (status = 'running' AND locked_until < now()))
         ORDER BY run_at, job_id
         FOR UPDATE SKIP LOCKED
         LIMIT 1)
      RETURNING *`,
    [kinds, node, ms(leaseMs)],
  );
  return rows[0];
}

/** Running jobs whose lease ran out on their last attempt: nobody may run them again, so they are dead. */
export async function buryExpired(tx: Sql): Promise<JobRow[]> {
  return tx.query<JobRow>(
    `UPDATE job_queue SET status = 'dead', locked_by = NULL, locked_until = NULL, updated_at = now(),
            finished_at = now(),
            last_error = COALESCE(last_error, 'The worker running it stopped before it finished.')
      WHERE job_id IN (
        SELECT job_id FROM job_queue
         WHERE status = 'running' AND locked_until < now() AND attempts >= max_attempts
         FOR UPDATE SKIP LOCKED)
      RETURNING *`,
  );
}

/** Longer lease for a job still running here; false when the lease is no longer ours. */
export async function extendLease(db: Sql, jobId: number, node: string, leaseMs: number) {
  const rows = await db.query<JobRow>(
    `UPDATE job_queue SET locked_until = now() + $3 * interval '1 millisecond'
      WHERE job_id = $1 AND locked_by = $2 AND status = 'running' RETURNING *`,
    [jobId, node, ms(leaseMs)],
  );
  return rows[0];
}

export async function setProgress(
  db: Sql,
  jobId: number,
  node: string,
  leaseMs: number,
  fraction: number,
  text: string | null,
) {
  const rows = await db.query<JobRow>(
    `UPDATE job_queue SET progress = $3, progress_text = $4, updated_at = now(),
            locked_until = now() + $5 * interval '1 millisecond'
      WHERE job_id = $1 AND locked_by = $2 AND status = 'running' RETURNING *`,
    [jobId, node, fraction, text, ms(leaseMs)],
  );
  return rows[0];
}

export async function finishJob(tx: Sql, jobId: number, node: string, result: unknown) {
  const rows = await tx.query<JobRow>(
    `UPDATE job_queue SET status = 'finished', result = $3::jsonb, progress = 1, finished_at = now(),
            updated_at = now(), locked_by = NULL, locked_until = NULL
      WHERE job_id = $1 AND locked_by = $2 AND status = 'running' RETURNING *`,
    [jobId, node, JSON.stringify(result ?? null)],
  );
  return rows[0];
}

/** A failed attempt: retried after `retryInMs`, or dead when it was the last one. */
export async function failJob(tx: Sql, jobId: number, node: string, error: string, retryInMs: number) {
  const rows = await tx.query<JobRow>(
    `UPDATE job_queue SET
            status = CASE WHEN attempts >= max_attempts THEN 'dead' ELSE 'failed' END,
            finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
            run_at = now() + $4 * interval '1 millisecond',
            last_error = $3,
            errors = errors || jsonb_build_array(jsonb_build_object(
              'At', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'Attempt', attempts, 'Error', $3::text)),
            updated_at = now(), locked_by = NULL, locked_until = NULL
      WHERE job_id = $1 AND locked_by = $2 AND status = 'running' RETURNING *`,
    [jobId, node, error, ms(retryInMs)],
  );
  return rows[0];
}

/** A stopping node hands a job back unfinished: the attempt does not count. */
export async function releaseJob(tx: Sql, jobId: number, node: string) {
  const rows = await tx.query<JobRow>(
    `UPDATE job_queue SET status = CASE WHEN attempts > 1 THEN 'failed' ELSE 'queued' END,
            attempts = attempts - 1, run_at = now(), locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE job_id = $1 AND locked_by = $2 AND status = 'running' RETURNING *`,
    [jobId, node],
  );
  return rows[0];
}

/** Retry from the dashboard: a failed or dead job runs again now with its attempts counted afresh. */
export async function retryJob(tx: Sql, jobId: number) {
  const rows = await tx.query<JobRow>(
    `UPDATE job_queue SET status = 'queued', attempts = 0, run_at = now(), finished_at = NULL, updated_at = now()
      WHERE job_id = $1 AND status IN ('failed', 'dead') RETURNING *`,
    [jobId],
  );
  return rows[0];
}

export async function countJobs(db: Sql): Promise<Record<JobStatus, number>> {
  const rows = await db.query<{ status: JobStatus; n: number }>(
    'SELECT status, count(*)::int AS n FROM job_queue GROUP BY status',
  );
  const counts = Object.fromEntries(jobStatuses.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

export async function listJobs(
  db: Sql,
  q: { status?: JobStatus; kind?: string; skip: number; take: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const rows = await db.query<JobRow & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM job_queue
      WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR kind = $2)
      ORDER BY updated_at DESC, job_id DESC
      OFFSET $3 LIMIT $4`,
    [q.status ?? null, q.kind ?? null, q.skip, q.take],
  );
  return { rows, total: rows.length ? Number(rows[0]!.total) : 0 };
}
