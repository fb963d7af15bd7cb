import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { JOBS_COLLECTION, JOBS_TOPIC, type JobSummary } from '../../domain/kit/jobs';
import type { PendingChange } from '../../domain/live/changes';
import { localParts, zoneOf } from '../../domain/platform/dates';
import { plants } from '../../domain/platform/plants';
import type { Database, Sql } from '../db/database';
import type { Backplane } from '../feed/backplane';
import { appendChanges } from '../feed/feed.service';
import type { JobRow } from './jobs.repository';
import * as repo from './jobs.repository';

/**
 * The durable job queue (issue 16): mail, PDFs, exports and nightly work, in the database on PGlite
 * and PostgreSQL alike. A job is written by `enqueue` inside the caller's transaction, so it exists
 * only if the change that caused it commits; workers (one per server process) claim one job at a time
 * under a lease, so a crashed node's job runs again once its lease runs out and two nodes never run
 * the same job at once. Every change of a job is published on the `jobs` topic for /hangfire.
 */

export interface EnqueueOptions {
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** Attempts before the job is dead (default 5). */
  maxAttempts?: number;
  /** At most one job ever has this key: enqueuing it again does nothing and answers the first job's id. */
  uniqueKey?: string;
  createdBy?: number | null;
}

export function jobSummary(row: JobRow): JobSummary {
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return {
    JobID: Number(row.job_id),
    Kind: row.kind,
    Status: row.status,
    Attempts: row.attempts,
    MaxAttempts: row.max_attempts,
    RunAt: iso(row.run_at)!,
    Progress: row.progress === null ? null : Number(row.progress),
    ProgressText: row.progress_text,
    LastError: row.last_error,
    CreatedAt: iso(row.created_at)!,
    StartedAt: iso(row.started_at),
    FinishedAt: iso(row.finished_at),
    UpdatedAt: iso(row.updated_at)!,
  };
}

export const jobChange = (row: JobRow): PendingChange => ({
  topic: JOBS_TOPIC,
  collection: JOBS_COLLECTION,
  id: String(row.job_id),
  doc: jobSummary(row) as unknown as Record<string, unknown>,
});

/**
 * Adds a job in the caller's transaction `tx` and answers its id (the existing job's, when `uniqueKey`
 * was enqueued before). The change reaches the change log in the same transaction; the dashboard hears
 * of it by sync (the next job change any node publishes fills the gap).
 */
export async function enqueue(tx: Sql, kind: string, payload: unknown, options: EnqueueOptions = {}) {
  if (!/^[a-z][a-z0-9.-]{0,59}$/.test(kind)) throw new Error(`enqueue: '${kind}' is not a job kind`);
  const maxAttempts = options.maxAttempts ?? 5;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 100)
    throw new Error('enqueue: maxAttempts is a whole number from 1 to 100');
  const row = await repo.insertJob(tx, {
    kind,
    payload,
    runAt: options.runAt ?? null,
    maxAttempts,
    uniqueKey: options.uniqueKey ?? null,
    createdBy: options.createdBy ?? null,
  });
  if (!row) return Number((await repo.jobByKey(tx, options.uniqueKey!))!.job_id);
  await appendChanges(tx, [jobChange(row)], null);
  return Number(row.job_id);
}

/** What a handler gets: the job, and a way to report progress (which also keeps its lease). */
export interface JobRun<P = Record<string, unknown>> {
  id: number;
  kind: string;
  payload: P;
  /** 1 for the first attempt. */
  attempt: number;
  /** The last attempt: a handler that records its own failure (mail) knows this one is final. */
  lastAttempt: boolean;
  progress(fraction: number, text?: string): Promise<void>;
}

/** Answers the job's result (kept as JSON); throws to fail the attempt (the message is kept). */
export type JobHandler<P = Record<string, unknown>> = (job: JobRun<P>) => Promise<unknown>;

/**
 * Nightly work: `daily` at a local time ("02:00") in the server's zone (`timeZone`, an IANA name) or
 * in every plant's own zone (`perPlant`: one job per plant, payload `{ PlantID }`). Each worker
 * enqueues the next run with the unique key `kind:plant:date`, so across nodes it is one job.
 */
export interface Recurring {
  kind: string;
  daily: string;
  timeZone?: string;
  perPlant?: boolean;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

export interface WorkerOptions {
  /** This process's name in locked_by. */
  node?: string;
  /** How often an idle worker looks for due work (default 1 s). */
  pollMs?: number;
  /** How long a claim holds a job before another node may take it (default 60 s, renewed while running). */
  leaseMs?: number;
  /** Wait before retry number `attempt` (default 5 s × 4^(attempt-1), at most an hour). */
  backoffMs?: (attempt: number) => number;
  /** On stop, how long to let a running job finish before handing it back (default 10 s). */
  stopWaitMs?: number;
  log?: { error(obj: unknown, msg?: string): void };
}

export const defaultBackoff = (attempt: number) => Math.min(3_600_000, 5_000 * 4 ** (attempt - 1));

/** The UTC instant of local `hh:mm` on `date` in `zone` (found by correcting the zone's offset twice). */
export function zonedInstant(date: string, hhmm: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const p = localParts(guess, zone);
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += wanted - seen;
  }
  return new Date(guess);
}

/** The next instant at or after `now` when local `hh:mm` comes in `zone`, with its local date. */
export function nextDaily(hhmm: string, zone: string, now: number): { date: string; at: Date } {
  const p = localParts(now, zone);
  const today = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  const at = zonedInstant(today, hhmm, zone);
  if (at.getTime() >= now) return { date: today, at };
  const t = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  const tomorrow = t.toISOString().slice(0, 10);
  return { date: tomorrow, at: zonedInstant(tomorrow, hhmm, zone) };
}

/**
 * One process's worker: claims due jobs of the kinds it has handlers for, one at a time, and runs
 * them. `start` polls; `runOnce` claims and runs at most one job (tests drive it directly).
 */
export class JobWorker {
  readonly node: string;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring: Recurring[] = [];
  private readonly opts: Required<Omit<WorkerOptions, 'log' | 'node'>> & Pick<WorkerOptions, 'log'>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private current: number | null = null;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly backplane: Backplane | null,
    options: WorkerOptions = {},
  ) {
    this.node = options.node ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.opts = {
      pollMs: options.pollMs ?? 1000,
      leaseMs: options.leaseMs ?? 60_000,
      backoffMs: options.backoffMs ?? defaultBackoff,
      stopWaitMs: options.stopWaitMs ?? 10_000,
      log: options.log,
    };
  }

  handle<P = Record<string, unknown>>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`Job kind ${kind} has two handlers`);
    this.handlers.set(kind, handler as JobHandler);
  }

  /** Declares nightly work (see Recurring); its handler is registered with `handle` as usual. */
  daily(definition: Recurring): void {
    if (!/^\d{2}:\d{2}$/.test(definition.daily)) throw new Error(`${definition.kind}: daily is "HH:MM"`);
    this.recurring.push(definition);
  }

  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** Enqueues the next run of every nightly definition (once across nodes, by its unique key). */
  async scheduleRecurring(now = Date.now()): Promise<void> {
    for (const def of this.recurring) {
      const targets = def.perPlant
        ? plants.map((p) => ({ plant: p.PlantID as number | null, zone: zoneOf(p.PlantID) }))
        : [{ plant: null, zone: def.timeZone ?? process.env.TZ ?? 'UTC' }];
      for (const t of targets) {
        const next = nextDaily(def.daily, t.zone, now);
        const key = `${def.kind}:${t.plant ?? 'server'}:${next.date}`;
        await this.db.transaction((tx) =>
          enqueue(
            tx,
            def.kind,
            { ...def.payload, ...(t.plant !== null ? { PlantID: t.plant } : {}), Date: next.date },
            {
              runAt: next.at,
              uniqueKey: key,
              maxAttempts: def.maxAttempts,
            },
          ),
        );
      }
    }
  }

  start(): void {
    if (this.timer || this.stopped) return;
    const tick = async () => {
      this.timer = null;
      if (this.stopped) return;
      let worked = false;
      try {
        await this.scheduleRecurring();
        worked = await this.runOnce();
      } catch (error) {
        this.opts.log?.error({ err: error }, 'job worker: poll failed');
      }
      if (!this.stopped) this.timer = setTimeout(tick, worked ? 0 : this.opts.pollMs);
      this.timer?.unref?.();
    };
    this.timer = setTimeout(tick, 0);
    this.timer.unref?.();
  }

  /**
   * Stops polling; a running job gets `stopWaitMs` to finish, else its lease is released (the job goes
   * back to the queue without counting the attempt) so another node runs it at once.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.running) return;
    const timeout = new Promise<'timeout'>((r) =>
      setTimeout(() => r('timeout'), this.opts.stopWaitMs).unref(),
    );
    const outcome = await Promise.race([this.running.then(() => 'done' as const), timeout]);
    if (outcome === 'timeout' && this.current !== null) {
      const id = this.current;
      await this.write((tx) => repo.releaseJob(tx, id, this.node));
    }
  }

  /** Claims one due job and runs it; false when there was none. */
  async runOnce(): Promise<boolean> {
    const kinds = this.kinds;
    if (kinds.length === 0) return false;
    await this.writeMany((tx) => repo.buryExpired(tx));
    const job = await this.write((tx) => repo.claimJob(tx, kinds, this.node, this.opts.leaseMs));
    if (!job) return false;
    this.current = Number(job.job_id);
    const run = this.run(job);
    this.running = run;
    try {
      await run;
    } finally {
      this.running = null;
      this.current = null;
    }
    return true;
  }

  private async run(job: JobRow): Promise<void> {
    const id = Number(job.job_id);
    const { leaseMs } = this.opts;
    // The lease is renewed while the handler runs, so a long job is not taken by another node.
    const renew = setInterval(() => {
      repo.extendLease(this.db, id, this.node, leaseMs).catch(() => undefined);
    }, leaseMs / 3);
    renew.unref?.();
    try {
      const handler = this.handlers.get(job.kind)!;
      const result = await handler({
        id,
        kind: job.kind,
        payload: job.payload,
        attempt: job.attempts,
        lastAttempt: job.attempts >= job.max_attempts,
        progress: async (fraction, text) => {
          const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
          const row = await repo.setProgress(this.db, id, this.node, leaseMs, f, text ?? null);
          if (row) await this.announce([row]);
        },
      });
      clearInterval(renew);
      await this.write((tx) => repo.finishJob(tx, id, this.node, result ?? null));
    } catch (error) {
      clearInterval(renew);
      const message = error instanceof Error ? error.message : String(error);
      await this.write((tx) =>
        repo.failJob(tx, id, this.node, message.slice(0, 2000), this.opts.backoffMs(job.attempts)),
      );
    }
  }

  /** A job change in its own transaction, appended to the change log and then published. */
  private async write(fn: (tx: Sql) => Promise<JobRow | undefined>): Promise<JobRow | undefined> {
    const rows = await this.writeMany(async (tx) => {
      const row = await fn(tx);
      return row ? [row] : [];
    });
    return rows[0];
  }

  private async writeMany(fn: (tx: Sql) => Promise<JobRow[]>): Promise<JobRow[]> {
    let changes: Awaited<ReturnType<typeof appendChanges>> = [];
    const rows = await this.db.transaction(async (tx) => {
      const rows = await fn(tx);
      if (rows.length) changes = await appendChanges(tx, rows.map(jobChange), null);
      return rows;
    });
    if (changes.length) await this.backplane?.publish({ kind: 'changes', changes });
    return rows;
  }

  private async announce(rows: JobRow[]): Promise<void> {
    const changes = await this.db.transaction((tx) => appendChanges(tx, rows.map(jobChange), null));
    await this.backplane?.publish({ kind: 'changes', changes });
  }
}
