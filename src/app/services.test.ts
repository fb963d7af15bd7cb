import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdateEmployee } from '../../domain/platform/employees';
import { hubStatus } from '../../machines/hub-connection.machine';
import { isWaitingForNetwork, statusText } from '../../machines/post-queue.machine';
import { openDatabase, type ProjectionDatabase } from '../../projections/database';
import { userRecord } from '../../tests/support/fixtures';
import { envelopeResponse, fakeFetch, type RecordedRequest } from '../api/testing';
import { createServices, type Services } from './services';
import type { TabPresence } from './tabs';
import { fakeHub } from './testing';

/** localStorage for node. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

const user = userRecord();

const tab: TabPresence = { id: 'tab-1', isGone: () => false, close: () => {} };

type Mode = 'hang' | 'offline' | 'ok';

let db: ProjectionDatabase;
let mode: Mode;
let requests: RecordedRequest[];
const running: Services[] = [];

beforeEach(async () => {
  db = await openDatabase({ name: `services${Math.random().toString(36).slice(2)}`, storage: 'memory' });
  mode = 'ok';
  const local = memoryStorage();
  local.setItem('sw.session', JSON.stringify(user));
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('window', { location: { pathname: '/intro' } });
  const fake = fakeFetch((request) => {
    if (request.url.includes('sync/Pull')) {
      const since = Number(request.query.get('Since'));
      return envelopeResponse({
        result: { documents: [], checkpoint: { seq: since }, snapshot: false, latestSeq: since },
      });
    }
    if (mode === 'offline') throw new TypeError('Failed to fetch');
    if (mode === 'hang') return new Promise<Response>(() => {});
    const body = request.json ?? {};
    return envelopeResponse({ result: { EmployeeID: 7, FieldName: body.FieldName, Value: body.Value } });
  });
  requests = fake.requests;
  vi.stubGlobal('fetch', fake.fetch);
});

afterEach(async () => {
  for (const s of running.splice(0)) await s.dispose();
  await db.close();
  vi.unstubAllGlobals();
});

async function boot(): Promise<Services> {
  const { factory } = fakeHub();
  const services = await createServices({
    navigateToLogin: () => {},
    database: db,
    hubConnectionFactory: factory,
    tabs: tab,
  });
  running.push(services);
  return services;
}

const posts = () => requests.filter((r) => r.url.includes('web/UpdateEmployee'));

async function stored() {
  return (await db.postQueue.find().exec()).map((d) => ({ postId: d.postId, state: d.state }));
}

describe('createServices', () => {
  it('keeps a pending edit in RxDB across a reload and sends it once after, with the same PostID', async () => {
    mode = 'hang';
    const first = await boot();
    first.enqueue(UpdateEmployee, { EmployeeID: 7, FieldName: 'Language', Value: 'es' });
    expect(statusText(first.queue.getSnapshot())).toBe('Saving (1)');
    await vi.waitFor(async () => expect(await stored()).toHaveLength(1));
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    const postId = posts()[0]!.json?.PostID;

    // The tab reloads while the post is in flight (its answer never comes back).
    await first.dispose();
    running.splice(running.indexOf(first), 1);
    mode = 'ok';
    const second = await boot();
    expect(statusText(second.queue.getSnapshot())).toBe('Saving (1)');
    await vi.waitFor(() => expect(statusText(second.queue.getSnapshot())).toBe(''));
    expect(posts()).toHaveLength(2);
    expect(posts()[1]!.json?.PostID).toBe(postId);
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
  });

  it('keeps edits pending while the network is down and sends them in order once it is back', async () => {
    mode = 'offline';
    const services = await boot();
    services.enqueue(UpdateEmployee, { EmployeeID: 7, FieldName: 'Language', Value: 'es' });
    services.enqueue(UpdateEmployee, { EmployeeID: 7, FieldName: 'ShowMyHelp', Value: false });
    await vi.waitFor(() => expect(isWaitingForNetwork(services.queue.getSnapshot())).toBe(true));
    expect(statusText(services.queue.getSnapshot())).toBe('Saving (2)');
    expect(services.queue.getSnapshot().context.failed).toEqual([]);
    expect((await stored()).map((p) => p.state)).toEqual(['pending', 'pending']);
    mode = 'ok';
    services.queue.send({ type: 'queue.online' });
    await vi.waitFor(() => expect(statusText(services.queue.getSnapshot())).toBe(''), { timeout: 3000 });
    // After the retries that got no answer, each was sent once more, in order, with its own PostID.
    const lastTwo = posts().slice(-2);
    expect(lastTwo.map((r) => r.json?.FieldName)).toEqual(['Language', 'ShowMyHelp']);
    expect(new Set(posts().map((r) => r.json?.PostID)).size).toBe(2);
  });

  it("puts the hub connection id in every request's ConnectionID header", async () => {
    const services = await boot();
    await vi.waitFor(() => expect(hubStatus(services.hub.getSnapshot())).toBe('live'));
    services.enqueue(UpdateEmployee, { EmployeeID: 7, FieldName: 'Language', Value: 'es' });
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.headers.ConnectionID).toBe('conn-1');
    // The catch-up pull of the user's topic went out too, quietly.
    expect(requests.some((r) => r.url.includes('sync/Pull') && r.query.get('Topic') === 'employee:7')).toBe(
      true,
    );
  });

  it('carries over a queue an earlier version left in localStorage', async () => {
    mode = 'hang';
    const legacy = { postId: 'legacy-1', path: 'web/UpdateEmployee', body: { EmployeeID: 7 }, enqueuedAt: 1 };
    localStorage.setItem('sw.postQueue', JSON.stringify({ items: [legacy], failed: [] }));
    const services = await boot();
    expect(services.queue.getSnapshot().context.items.map((p) => p.postId)).toEqual(['legacy-1']);
    await vi.waitFor(async () => expect(await stored()).toEqual([{ postId: 'legacy-1', state: 'pending' }]));
    await vi.waitFor(() => expect(localStorage.getItem('sw.postQueue')).toBeNull());
  });
});
