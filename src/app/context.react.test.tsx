// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { z } from 'zod';
import { defineCall } from '../../domain/contract/call';
import { postQueueMachine } from '../../machines/post-queue.machine';
import {
  readableByUse,
  ServicesContext,
  StorePromiseContext,
  useEnqueue,
  useHubStatus,
  useSaveStatus,
  useServices,
  useStore,
} from './context';
import type { Services } from './services';

afterEach(cleanup);

const Save = defineCall({
  method: 'POST',
  path: 'web/TestSave',
  payload: z.object({ FieldName: z.string().optional(), Value: z.string().optional() }),
  result: z.null(),
  access: 'user',
  summary: 'a test call',
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  // As the shell's store promise is (router.tsx ensureStore).
  const promise = readableByUse(
    new Promise<T>((r) => {
      resolve = r;
    }),
  );
  return { promise, resolve };
}

/** A store as far as these hooks read it: the queue (a real post-queue machine), and a recording enqueue. */
function fakeStore(enqueue: (call: unknown, payload: unknown) => void): Services {
  const queue = createActor(postQueueMachine, { input: { items: [], failed: [] } });
  queue.start();
  return { queue, enqueue } as unknown as Services;
}

function Probe({ onEnqueue }: { onEnqueue: (enqueue: ReturnType<typeof useEnqueue>) => void }) {
  const store = useStore();
  const enqueue = useEnqueue();
  const save = useSaveStatus();
  const hub = useHubStatus();
  onEnqueue(enqueue);
  return (
    <p data-testid="probe">
      {store ? 'store' : 'no store'} · {hub} · {save.pending} pending · {save.failed.length} failed
    </p>
  );
}

function NeedsServices() {
  useServices();
  return <p data-testid="needs">services</p>;
}

function Harness({
  services,
  pending,
  onEnqueue,
}: {
  services: Services | null;
  pending: Promise<Services>;
  onEnqueue: (enqueue: ReturnType<typeof useEnqueue>) => void;
}) {
  return (
    <StorePromiseContext.Provider value={pending}>
      <ServicesContext.Provider value={services}>
        <Probe onEnqueue={onEnqueue} />
        <Suspense fallback={<p data-testid="fallback">waiting</p>}>
          <NeedsServices />
        </Suspense>
      </ServicesContext.Provider>
    </StorePromiseContext.Provider>
  );
}

describe('a screen that renders before the store is attached (screens.ts rendersBeforeStore)', () => {
  it('renders at once with no store, keeps what it enqueues in order, and hands it over when the store arrives', async () => {
    const sent: unknown[] = [];
    const store = fakeStore((_call, payload) => sent.push(payload));
    const pending = deferred<Services>();
    let enqueue: ReturnType<typeof useEnqueue> | null = null;
    let rerender!: ReturnType<typeof render>['rerender'];
    await act(async () => {
      ({ rerender } = render(
        <Harness services={null} pending={pending.promise} onEnqueue={(e) => (enqueue = e)} />,
      ));
    });

    // The store-optional hooks render without suspending; a plain useServices() waits in its boundary.
    expect(screen.getByTestId('probe').textContent).toBe('no store · connecting · 0 pending · 0 failed');
    expect(screen.getByTestId('fallback')).toBeTruthy();
    expect(screen.queryByTestId('needs')).toBeNull();

    // Edits made before the store: none is lost, none is sent early.
    enqueue!(Save, { FieldName: 'Color', Value: 'Red' });
    enqueue!(Save, { FieldName: 'Color', Value: 'Blue' });
    expect(sent).toEqual([]);

    await act(async () => {
      pending.resolve(store);
      await pending.promise;
    });
    expect(sent).toEqual([
      { FieldName: 'Color', Value: 'Red' },
      { FieldName: 'Color', Value: 'Blue' },
    ]);

    await act(async () => {
      rerender(<Harness services={store} pending={pending.promise} onEnqueue={(e) => (enqueue = e)} />);
    });
    expect(screen.getByTestId('probe').textContent).toMatch(/^store · /);
    expect(await screen.findByTestId('needs')).toBeTruthy();

    // Once attached, an edit goes straight to the store's queue.
    enqueue!(Save, { FieldName: 'Color', Value: 'Green' });
    expect(sent.at(-1)).toEqual({ FieldName: 'Color', Value: 'Green' });
  });

  it('useEnqueue outside the shell is a programming error, said plainly', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Outside() {
      const enqueue = useEnqueue();
      enqueue(Save, {});
      return null;
    }
    expect(() => render(<Outside />)).toThrow(/useEnqueue outside/);
    spy.mockRestore();
  });
});
