import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { ChangeItem } from '../../domain/live/changes';
import type { UserRecord } from '../../domain/platform/session';
import { hubConnectionActor, hubConnectionMachine } from '../../machines/hub-connection.machine';
import { type PostQueueSendInput, postQueueMachine } from '../../machines/post-queue.machine';
import { sessionMachine } from '../../machines/session.machine';
import { openDatabase, type ProjectionDatabase } from '../../projections/database';
import type { EmployeeProjection } from '../../projections/employees.collection';
import type { PullResult } from '../../projections/replication';
import { userRecord } from '../../tests/support/fixtures';
import { mergeEmployee, startLive } from './live';
import { fakeHub } from './testing';

const user = userRecord({ Email: 'ann@example.com' });

const employeeDoc = (fields: Record<string, unknown> = {}): Partial<EmployeeProjection> => ({
  EmployeeID: 7,
  Name: 'Ann Lee',
  PlantID: 1,
  Language: 'en',
  ShowMyHelp: true,
  Email: 'ann@example.com',
  Active: true,
  ...fields,
});

describe('mergeEmployee', () => {
  it('takes the changed fields the user record has, and nothing else', () => {
    const merged = mergeEmployee(user, { id: '7', ...employeeDoc({ Language: 'es', Title: 'Boss' }) });
    expect(merged).toEqual({ ...user, Language: 'es' });
  });

  it('answers null when nothing changes, when a field is skipped, or when the result is invalid', () => {
    expect(mergeEmployee(user, employeeDoc())).toBeNull();
    expect(mergeEmployee(user, employeeDoc({ Language: 'es' }), new Set(['Language']))).toBeNull();
    expect(mergeEmployee(user, employeeDoc({ Language: 'fr' }))).toBeNull();
    expect(mergeEmployee(user, employeeDoc({ ShowMyHelp: 'yes' }))).toBeNull();
  });

  it('never takes the token or the employee id from a document', () => {
    expect(mergeEmployee(user, { ...employeeDoc(), TokenID: 'stolen', EmployeeID: 8 } as never)).toBeNull();
  });
});

describe('startLive', () => {
  let db: ProjectionDatabase;
  let log: ChangeItem[];
  let pulls: { topic: string; since: number }[];
  let actors: Actor<never>[];
  let stop: (() => Promise<void>) | null;

  beforeEach(async () => {
    db = await openDatabase({ name: `live${Math.random().toString(36).slice(2)}`, storage: 'memory' });
    log = [];
    pulls = [];
    actors = [];
    stop = null;
  });

  afterEach(async () => {
    await stop?.();
    for (const a of actors) a.stop();
    await db.close();
  });

  function commit(doc: Record<string, unknown> | null): ChangeItem {
    const item: ChangeItem = {
      topic: 'employee:7',
      seq: log.length + 1,
      collection: 'employees',
      id: '7',
      doc,
      origin: 'another-tab',
    };
    log.push(item);
    return item;
  }

  async function pull(topic: string, since: number, limit: number): Promise<PullResult> {
    pulls.push({ topic, since });
    const documents = log.filter((i) => i.topic === topic && i.seq > since).slice(0, limit);
    const head = log.length;
    return {
      documents,
      checkpoint: { seq: documents.at(-1)?.seq ?? since },
      snapshot: false,
      latestSeq: head,
    };
  }

  function setup(restored: UserRecord | null = null) {
    const { factory, connections } = fakeHub();
    const hub = createActor(
      hubConnectionMachine.provide({ actors: { connection: hubConnectionActor(factory) } }),
      {
        input: { token: restored?.TokenID ?? null },
      },
    );
    const session = createActor(
      sessionMachine.provide({
        actors: {
          login: fromPromise(async () => user),
          logout: fromPromise(async () => {}),
        },
      }),
      { input: { user: restored } },
    );
    // Sends never finish: posts stay pending, as while the network is slow.
    const queue = createActor(
      postQueueMachine.provide({
        actors: { send: fromPromise<void, PostQueueSendInput>(() => new Promise(() => {})) },
      }),
      { input: {} },
    );
    for (const a of [hub, session, queue]) {
      a.start();
      actors.push(a as unknown as Actor<never>);
    }
    const live = startLive({ hub, session, queue, employees: db.employees, pull, log: () => {} });
    stop = live.stop;
    hub.send({ type: 'hub.start' });
    return { hub, session, queue, connections, current: () => connections.at(-1)! };
  }

  it('restarts the hub with the token at login, follows employee:{id}, and lets go at logout', async () => {
    const { session, connections, current } = setup();
    await vi.waitFor(() => expect(current().state).toBe('Connected'));
    expect(current().token).toBeNull();

    session.send({ type: 'session.login', userName: 'ann', password: 'x' });
    await vi.waitFor(() => expect(connections).toHaveLength(2));
    expect(current().token).toBe('token-7');
    await vi.waitFor(() => expect(current().subscribed()).toEqual(['employee:7']));
    // Never asked for on the anonymous connection, where it would be refused.
    expect(connections[0]!.invocations).toEqual([]);
    await vi.waitFor(() => expect(pulls.length).toBeGreaterThan(0));

    session.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(connections).toHaveLength(3));
    expect(connections[1]!.invocations.at(-1)).toEqual({ method: 'Unsubscribe', args: [['employee:7']] });
    expect(current().token).toBeNull();
    await vi.waitFor(() => expect(current().state).toBe('Connected'));
    expect(current().invocations).toEqual([]);
  });

  it('follows the same user again after logging out and in (a new replication of the same topic)', async () => {
    commit(employeeDoc());
    const { session, current } = setup();
    session.send({ type: 'session.login', userName: 'ann', password: 'x' });
    await vi.waitFor(() => expect(current().subscribed()).toEqual(['employee:7']));
    await vi.waitFor(async () => expect(await db.employees.findOne('7').exec()).not.toBeNull());
    session.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(current().token).toBeNull());
    session.send({ type: 'session.login', userName: 'ann', password: 'x' });
    await vi.waitFor(() => expect(current().token).toBe('token-7'));
    await vi.waitFor(() => expect(current().subscribed()).toEqual(['employee:7']));
    current().push([commit(employeeDoc({ Language: 'es' }))]);
    await vi.waitFor(() => expect(session.getSnapshot().context.user?.Language).toBe('es'));
  });

  it('follows a restored session at start-up without restarting the hub', async () => {
    const { connections, current } = setup(user);
    await vi.waitFor(() => expect(current().subscribed()).toEqual(['employee:7']));
    expect(connections).toHaveLength(1);
    expect(current().token).toBe('token-7');
  });

  it("shows another tab's change of the user's own record (session.userUpdated)", async () => {
    commit(employeeDoc());
    const { session, current } = setup(user);
    await vi.waitFor(() => expect(current().subscribed()).toEqual(['employee:7']));
    await vi.waitFor(async () => expect(await db.employees.findOne('7').exec()).not.toBeNull());
    current().push([commit(employeeDoc({ Language: 'es' }))]);
    await vi.waitFor(() => expect(session.getSnapshot().context.user?.Language).toBe('es'));
    expect(session.getSnapshot().context.user?.TokenID).toBe('token-7');
  });

  it('pulls what the hub missed when it (re)subscribes, and applies it to the session', async () => {
    commit(employeeDoc());
    commit(employeeDoc({ ShowMyHelp: false }));
    const { session } = setup(user);
    await vi.waitFor(() => expect(session.getSnapshot().context.user?.ShowMyHelp).toBe(false));
  });

  it('keeps the local value of a field whose edit is still queued', async () => {
    commit(employeeDoc());
    const { session, queue, current } = setup(user);
    await vi.waitFor(async () => expect(await db.employees.findOne('7').exec()).not.toBeNull());
    // This tab set Language to es; the post is still on its way.
    queue.send({
      type: 'queue.enqueue',
      post: {
        postId: 'p1',
        path: 'web/UpdateEmployee',
        body: { EmployeeID: 7, FieldName: 'Language', Value: 'es' },
        enqueuedAt: 1,
      },
    });
    session.send({ type: 'session.userUpdated', user: { ...user, Language: 'es' } });
    // Meanwhile another tab's older state and a change of another field arrive.
    current().push([commit(employeeDoc({ Language: 'en', ShowMyHelp: false }))]);
    await vi.waitFor(() => expect(session.getSnapshot().context.user?.ShowMyHelp).toBe(false));
    expect(session.getSnapshot().context.user?.Language).toBe('es');
  });
});
