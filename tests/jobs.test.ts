import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeItem } from '../domain/live/changes';
import { createEmployee } from '../server/db/seed';
import { enqueue, JobWorker, nextDaily } from '../server/kit/jobs';
import * as repo from '../server/kit/jobs.repository';
import { type Caller, testCalls } from './support/calls';
import { tablesFingerprint } from './support/refusals';
import { dbAvailable, dbKind, startServer, type TestServer } from './support/server';
import { type Wire, wire } from './support/wire';

/**
 * The durable job queue (issue 16 item 8) on both databases: a job exists only if its transaction
 * commits; leases (a crashed node's job runs again, two workers never run one job at once); retries
 * with backoff and the dead-letter list; progress and result; nightly work enqueued once across
 * nodes; a stopping worker hands its job back; /hangfire's calls and the live topic.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!dbAvailable)(`job queue (${dbKind})`, () => {
  let server: TestServer;
  let api: Wire;
  let admin: Caller;
  let nobody: Caller;
  const workers: JobWorker[] = [];
  const worker = (options: ConstructorParameters<typeof JobWorker>[2] = {}) => {
    const w = new JobWorker(server.db, server.app.backplane, { pollMs: 20, backoffMs: () => 50, ...options });
    workers.push(w);
    return w;
  };
  const fingerprint = () => tablesFingerprint(server.db, ['job_queue', 'change_log', 'topic_heads']);
  const { get, post, refused } = testCalls({ api: () => api, fingerprint, caller: () => admin });
  const job = async (id: number) => (await repo.jobById(server.db, id))!;
  const add = (kind: string, payload: unknown = {}, options = {}) =>
    server.db.transaction((tx) => enqueue(tx, kind, payload, options));

  beforeAll(async () => {
    // The app's own worker stays idle (no polling) so only this file's workers claim jobs.
    server = await startServer({}, { jobs: false });
    api = wire(server.url);
    await createEmployee(server.db, {
      employeeId: 9501,
      userName: 'nojobs',
      password: 'nojobs',
      firstName: 'No',
      lastName: 'Jobs',
      title: 'Test',
      plantId: 1,
      flags: ['supervisor'],
    });
    admin = await api.login('admin');
    nobody = await api.login('nojobs');
  }, 120_000);
  beforeEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    await server.db.query('DELETE FROM job_queue');
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await server?.close();
  });

  it('writes a job only when the transaction that enqueued it commits', async () => {
    await expect(
      server.db.transaction(async (tx) => {
        await enqueue(tx, 'test.rollback', { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await server.db.query('SELECT * FROM job_queue')).toHaveLength(0);
    const id = await add('test.commit', { n: 2 });
    expect(await job(id)).toMatchObject({ kind: 'test.commit', status: 'queued', payload: { n: 2 } });
  });

  it('runs a job with progress and keeps its result; a job of a kind it has no handler for waits', async () => {
    const w = worker();
    const seen: number[] = [];
    w.handle<{ n: number }>('test.double', async (run) => {
      await run.progress(0.5, 'half way');
      const mid = await job(run.id);
      seen.push(mid.progress!);
      expect(mid.progress_text).toBe('half way');
      return { doubled: run.payload.n * 2 };
    });
    const id = await add('test.double', { n: 21 });
    const other = await add('test.unhandled');
    expect(await w.runOnce()).toBe(true);
    expect(seen).toEqual([0.5]);
    expect(await job(id)).toMatchObject({
      status: 'finished',
      attempts: 1,
      result: { doubled: 42 },
      progress: 1,
    });
    expect(await w.runOnce()).toBe(false);
    expect((await job(other)).status).toBe('queued');
  });

  it('retries a failing job after a backoff, then lists it as dead with every error', async () => {
    const waits: number[] = [];
    const w = worker({
      backoffMs: (attempt) => {
        waits.push(attempt);
        return 200;
      },
    });
    let calls = 0;
    w.handle('test.fail', async (run) => {
      calls++;
      throw new Error(`refused on attempt ${run.attempt}`);
    });
    const id = await add('test.fail', {}, { maxAttempts: 3 });
    expect(await w.runOnce()).toBe(true);
    expect(await job(id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'refused on attempt 1',
    });
    // Not before its backoff.
    expect(await w.runOnce()).toBe(false);
    await sleep(250);
    expect(await w.runOnce()).toBe(true);
    await sleep(250);
    expect(await w.runOnce()).toBe(true);
    const dead = await job(id);
    expect(dead).toMatchObject({ status: 'dead', attempts: 3, last_error: 'refused on attempt 3' });
    expect(dead.errors.map((e) => e.Error)).toEqual([
      'refused on attempt 1',
      'refused on attempt 2',
      'refused on attempt 3',
    ]);
    expect(waits).toEqual([1, 2, 3]);
    await sleep(250);
    expect(await w.runOnce()).toBe(false);
    expect(calls).toBe(3);
  });

  it('gives a crashed node’s job to another worker once its lease ran out', async () => {
    const id = await add('test.lease');
    // "Node A" claims it and dies: nobody finishes or renews it.
    const claimed = await server.db.transaction((tx) => repo.claimJob(tx, ['test.lease'], 'node-a', 300));
    expect(claimed?.job_id).toBe(id);
    const b = worker({ node: 'node-b' });
    let ran = 0;
    b.handle('test.lease', async () => {
      ran++;
      return 'done by b';
    });
    expect(await b.runOnce()).toBe(false);
    await sleep(400);
    expect(await b.runOnce()).toBe(true);
    expect(await job(id)).toMatchObject({ status: 'finished', attempts: 2, result: 'done by b' });
    expect(ran).toBe(1);
    // Node A coming back cannot finish what is no longer its lease.
    expect(await server.db.transaction((tx) => repo.finishJob(tx, id, 'node-a', 'late'))).toBeUndefined();
  });

  it('never runs one job on two workers at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await add('test.once', { i }));
    const runs = new Map<number, number>();
    const inFlight = new Set<number>();
    let overlapped = false;
    const handler = async (run: { id: number }) => {
      runs.set(run.id, (runs.get(run.id) ?? 0) + 1);
      if (inFlight.has(run.id)) overlapped = true;
      inFlight.add(run.id);
      await sleep(5);
      inFlight.delete(run.id);
    };
    const a = worker({ node: 'a' });
    const b = worker({ node: 'b' });
    a.handle('test.once', handler);
    b.handle('test.once', handler);
    const drain = async (w: JobWorker) => {
      while (await w.runOnce()) {}
    };
    await Promise.all([drain(a), drain(b)]);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(overlapped).toBe(false);
    const rows = await server.db.query<{ status: string }>('SELECT status FROM job_queue');
    expect(rows.every((r) => r.status === 'finished')).toBe(true);
  });

  it('enqueues a unique key once, and nightly work once across nodes at 02:00 in each plant’s zone', async () => {
    const first = await add('test.unique', { a: 1 }, { uniqueKey: 'k1' });
    const again = await add('test.unique', { a: 2 }, { uniqueKey: 'k1' });
    expect(again).toBe(first);
    expect(await server.db.query("SELECT * FROM job_queue WHERE kind = 'test.unique'")).toHaveLength(1);

    const now = Date.parse('2026-11-27T12:00:00Z');
    const a = worker({ node: 'a' });
    const b = worker({ node: 'b' });
    for (const w of [a, b]) {
      w.daily({ kind: 'test.nightly', daily: '02:00', perPlant: true });
      w.daily({ kind: 'test.server', daily: '02:00', timeZone: 'UTC' });
    }
    await Promise.all([a.scheduleRecurring(now), b.scheduleRecurring(now)]);
    await a.scheduleRecurring(now);
    const nightly = await server.db.query<{ payload: { PlantID: number; Date: string }; run_at: Date }>(
      "SELECT payload, run_at FROM job_queue WHERE kind = 'test.nightly' ORDER BY (payload->>'PlantID')::int",
    );
    const at = (plant: number) => nightly.find((j) => j.payload.PlantID === plant)!;
    // Spec 000 §9: plant 1 keeps New York's time (02:00 on the 28th is 07:00 UTC), plant 6 Chicago's.
    expect(at(1).payload.Date).toBe('2026-11-28');
    expect(new Date(at(1).run_at).toISOString()).toBe('2026-11-28T07:00:00.000Z');
    expect(new Date(at(6).run_at).toISOString()).toBe('2026-11-28T08:00:00.000Z');
    expect(new Set(nightly.map((j) => j.payload.PlantID)).size).toBe(nightly.length);
    const server1 = await server.db.query<{ run_at: Date }>(
      "SELECT run_at FROM job_queue WHERE kind = 'test.server'",
    );
    expect(server1.map((j) => new Date(j.run_at).toISOString())).toEqual(['2026-11-28T02:00:00.000Z']);
    expect(nextDaily('02:00', 'UTC', Date.parse('2026-11-27T01:00:00Z')).at.toISOString()).toBe(
      '2026-11-27T02:00:00.000Z',
    );
  });

  it('a stopping worker hands its running job back without counting the attempt', async () => {
    const w = worker({ node: 'stopping', stopWaitMs: 50 });
    let release!: () => void;
    w.handle('test.slow', () => new Promise((r) => (release = () => r('late'))));
    const id = await add('test.slow');
    const running = w.runOnce();
    await sleep(100);
    expect((await job(id)).status).toBe('running');
    await w.stop();
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
    release();
    await running;
    // The late finish finds the lease gone and changes nothing.
    expect((await job(id)).status).toBe('queued');
  });

  it('/hangfire: counts, lists, reads and retries jobs for administrators only, live on the jobs topic', async () => {
    const w = worker();
    w.handle('test.dies', async () => {
      throw new Error('no printer');
    });
    const id = await add('test.dies', { Printer: 'LV-1' }, { maxAttempts: 1 });
    await add('test.waits');
    await w.runOnce();
    const list = await get<{ Counts: Record<string, number>; Rows: { JobID: number; Status: string }[] }>(
      'web/GetJobs',
      { Status: 'dead' },
    );
    expect(list.Counts).toMatchObject({ dead: 1, queued: 1 });
    expect(list.Rows.map((r) => r.JobID)).toEqual([id]);
    const detail = await get<{ Job: { Payload: unknown; Errors: { Error: string }[] } }>('web/GetJob', {
      JobID: id,
    });
    expect(detail.Job).toMatchObject({ Payload: { Printer: 'LV-1' }, Errors: [{ Error: 'no printer' }] });

    const queued = (await repo.listJobs(server.db, { status: 'queued', skip: 0, take: 5 })).rows[0]!;
    await refused('web/RetryJob', { JobID: queued.job_id }, admin, /only a failed or dead job is retried/);
    await refused('web/RetryJob', { JobID: id }, nobody, /permission/i, 403);
    const retried = await post<{ Job: { Status: string; Attempts: number } }>('web/RetryJob', { JobID: id });
    expect(retried.Job).toMatchObject({ Status: 'queued', Attempts: 0 });
    expect((await api.get('web/GetJobs', {}, nobody)).status).toBe(403);

    // The topic carries every step of the job: queued, running, dead, queued again.
    const pulled = await get<{ documents: ChangeItem[] }>('sync/Pull', {
      Topic: 'jobs',
      Since: 0,
      Limit: 1000,
    });
    const statuses = pulled.documents.filter((d) => d.id === String(id)).map((d) => d.doc?.Status);
    expect(statuses).toEqual(['queued', 'running', 'dead', 'queued']);
    expect((await api.get('sync/Pull', { Topic: 'jobs', Since: 0 }, nobody)).status).toBe(403);
  });
});
