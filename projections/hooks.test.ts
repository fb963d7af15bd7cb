import { Observable, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type ProjectionDatabase } from './database';
import { observableStore, rxDocumentStore, rxQueryStore } from './hooks';

/** An observable that counts its live subscriptions. */
function counted<T>(source: Observable<T>) {
  const counter = { live: 0, total: 0 };
  const observable = new Observable<T>((subscriber) => {
    counter.live++;
    counter.total++;
    const sub = source.subscribe(subscriber);
    return () => {
      counter.live--;
      sub.unsubscribe();
    };
  });
  return { observable, counter };
}

describe('observableStore', () => {
  it('subscribes with the first listener, unsubscribes with the last, however often it is mounted', () => {
    const source = new Subject<number>();
    const { observable, counter } = counted(source);
    const store = observableStore(observable, 0);
    expect(counter.live).toBe(0);
    for (let i = 0; i < 500; i++) {
      const a = store.subscribe(() => {});
      const b = store.subscribe(() => {});
      expect(counter.live).toBe(1);
      a();
      // StrictMode unsubscribes twice: harmless.
      a();
      b();
    }
    expect(counter.live).toBe(0);
    expect(counter.total).toBe(500);
  });

  it('keeps the snapshot stable between emissions and notifies every listener on a new value', () => {
    const source = new Subject<{ n: number }>();
    const store = observableStore(source, { n: 0 });
    const calls: number[] = [];
    const off1 = store.subscribe(() => calls.push(1));
    const off2 = store.subscribe(() => calls.push(2));
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    source.next({ n: 1 });
    expect(calls).toEqual([1, 2]);
    expect(store.getSnapshot()).toEqual({ n: 1 });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    off1();
    off2();
    source.next({ n: 2 });
    expect(calls).toEqual([1, 2]);
  });
});

describe('rxQueryStore and rxDocumentStore over RxDB (memory storage)', () => {
  let db: ProjectionDatabase;

  beforeEach(async () => {
    db = await openDatabase({ name: `hooks${Math.random().toString(36).slice(2)}`, storage: 'memory' });
  });

  afterEach(async () => {
    await db.close();
  });

  async function settled<T>(store: { getSnapshot(): T }, check: (value: T) => boolean) {
    for (let i = 0; i < 100 && !check(store.getSnapshot()); i++) await new Promise((r) => setTimeout(r, 5));
    return store.getSnapshot();
  }

  it('gives plain documents, live, and leaves no subscription on the query after many mounts', async () => {
    await db.employees.insert({ id: '7', EmployeeID: 7, Name: 'Ann' } as never);
    const query = db.employees.find({ sort: [{ id: 'asc' }] });
    const store = rxQueryStore(query);
    expect(store.getSnapshot()).toEqual({ docs: [], loading: true });
    const off = store.subscribe(() => {});
    const first = await settled(store, (s) => !s.loading);
    expect(first.docs.map((d) => d.Name)).toEqual(['Ann']);
    await db.employees.insert({ id: '8', EmployeeID: 8, Name: 'Bob' } as never);
    const second = await settled(store, (s) => s.docs.length === 2);
    expect(second.docs.map((d) => d.Name)).toEqual(['Ann', 'Bob']);
    off();
    for (let i = 0; i < 200; i++) store.subscribe(() => {})();
    // RxDB counts the subscribers of query.$ in refCount$: none left.
    expect(query.refCount$.observers.length).toBe(0);
  });

  it('follows one document, null when deleted', async () => {
    const store = rxDocumentStore(db.employees.findOne('7'));
    const off = store.subscribe(() => {});
    expect((await settled(store, (s) => !s.loading)).doc).toBeNull();
    const doc = await db.employees.insert({ id: '7', EmployeeID: 7, Name: 'Ann' } as never);
    expect((await settled(store, (s) => s.doc !== null)).doc?.Name).toBe('Ann');
    await doc.remove();
    expect((await settled(store, (s) => s.doc === null)).doc).toBeNull();
    off();
  });

  it('is an empty, settled result for no query', () => {
    expect(rxQueryStore(null).getSnapshot()).toEqual({ docs: [], loading: false });
    expect(rxDocumentStore(undefined).getSnapshot()).toEqual({ doc: null, loading: false });
  });
});
