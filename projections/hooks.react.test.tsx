// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import type { RxDocument, RxQuery } from 'rxdb';
import { BehaviorSubject, Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { useRxQuery } from './hooks';

interface Row {
  id: string;
  Name: string;
}

/** A stand-in for an RxQuery: `$` emits RxDocument-like rows and counts its live subscriptions. */
function fakeQuery(rows: BehaviorSubject<Row[]>) {
  const counter = { live: 0 };
  const $ = new Observable<RxDocument<Row>[]>((subscriber) => {
    counter.live++;
    const sub = rows.subscribe((list) =>
      subscriber.next(list.map((r) => ({ toJSON: () => r }) as unknown as RxDocument<Row>)),
    );
    return () => {
      counter.live--;
      sub.unsubscribe();
    };
  });
  return { query: { $ } as unknown as RxQuery<Row, RxDocument<Row>[]>, counter };
}

function Names({ query }: { query: RxQuery<Row, RxDocument<Row>[]> }) {
  const { docs, loading } = useRxQuery(() => query, [query]);
  return <p>{loading ? 'loading' : docs.map((d) => d.Name).join(',')}</p>;
}

afterEach(() => cleanup());

describe('useRxQuery in React', () => {
  it('renders live results and leaves no subscription after mounting and unmounting many times', () => {
    const rows = new BehaviorSubject<Row[]>([{ id: '1', Name: 'Ann' }]);
    const { query, counter } = fakeQuery(rows);
    for (let i = 0; i < 100; i++) {
      const view = render(
        <StrictMode>
          <Names query={query} />
        </StrictMode>,
      );
      expect(view.container.textContent).toBe(rows.value.map((r) => r.Name).join(','));
      expect(counter.live).toBe(1);
      act(() => rows.next([...rows.value, { id: String(i + 2), Name: `N${i}` }]));
      expect(view.container.textContent).toContain(`N${i}`);
      view.unmount();
      expect(counter.live).toBe(0);
    }
  });

  it('moves to a new query when its deps change, dropping the old subscription', () => {
    const a = fakeQuery(new BehaviorSubject<Row[]>([{ id: '1', Name: 'A' }]));
    const b = fakeQuery(new BehaviorSubject<Row[]>([{ id: '2', Name: 'B' }]));
    const view = render(<Names query={a.query} />);
    expect(view.container.textContent).toBe('A');
    view.rerender(<Names query={b.query} />);
    expect(view.container.textContent).toBe('B');
    expect(a.counter.live).toBe(0);
    expect(b.counter.live).toBe(1);
    view.unmount();
    expect(b.counter.live).toBe(0);
  });
});
