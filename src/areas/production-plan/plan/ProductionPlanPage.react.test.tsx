// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ProductionPlanState } from '../../../../domain/production-plan/entities';
import { planPartId } from '../../../../domain/production-plan/live';
import { postQueueMachine } from '../../../../machines/post-queue.machine';
import { sessionMachine } from '../../../../machines/session.machine';
import { openDatabase, type ProjectionDatabase } from '../../../../projections/database';
import { userRecord } from '../../../../tests/support/fixtures';
import { envelopeResponse, makeClient, type RecordedRequest } from '../../../api/testing';
import { ServicesContext } from '../../../app/context';
import type { Services } from '../../../app/services';
import { createAlertStore } from '../../../ui/alerts';
import { bomLine, header, machine, operation } from './fixtures';
import { ProductionPlanPage } from './ProductionPlanPage';

let db: ProjectionDatabase | null = null;
const realHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
const realWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
const realOffset = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');

beforeEach(async () => {
  // jsdom lays nothing out: give the operations' scroller a window's size, so the virtualiser renders
  // the rows that fit (and only those).
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('pp-ops') ? 720 : 0;
    },
  });
  Object.defineProperty(Element.prototype, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('pp-ops') ? 1200 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('pp-vrow') ? 100 : 0;
    },
  });
  db = await openDatabase({ name: `ppage${Math.random().toString(36).slice(2)}`, storage: 'memory' });
});
afterEach(async () => {
  if (realHeight) Object.defineProperty(Element.prototype, 'clientHeight', realHeight);
  if (realWidth) Object.defineProperty(Element.prototype, 'clientWidth', realWidth);
  if (realOffset) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', realOffset);
  cleanup();
  await db?.close();
  db = null;
});

function state(operations = 3): ProductionPlanState {
  return {
    Plan: {
      ...header(),
      BOM: [bomLine()],
      Operations: Array.from({ length: operations }, (_, i) =>
        operation({ ProductionPlanOperationID: 101 + i, Sequence: 10 * (i + 1) }),
      ),
    },
    Job: {
      JobNumber: 'J240001',
      PlantID: 1,
      PartNum: 'UP-3X3-240',
      Part: {
        PartNum: 'UP-3X3-240',
        Description: 'Upright 3x3 240"',
        PartClass: 'Upright',
        Material: 'HR',
        Gauge: 14,
        Weight: 60,
        Length: 240,
        Width: 3,
        Holes: 40,
        Welds: 8,
        Painted: true,
        Color: 'Orange',
      },
      Quantity: 100,
      DueDate: '2026-12-01',
      OrderNum: 123456,
      CustomerName: 'Acme Storage',
      OrderType: 'MTO',
      Status: 'Released',
    },
    Allocations: [],
    Tags: ['Rush'],
    DemandSummary: [],
    Unclaimed: [],
    QADocuments: [],
    Drawings: [],
    Schedule: [],
    Plant: { PlantID: 1, PlantName: 'Las Vegas', TimeZone: 'America/New_York' },
    OrderType: 'MTO',
    FabricationHold: false,
    FabricationHoldNotes: '',
    Seq: 0,
  };
}

const path = (r: RecordedRequest) => new URL(r.url, 'http://x').pathname.replace('/api/', '');

function mount(opts: { operations?: number; granted?: string[] } = {}) {
  if (!db) throw new Error('no db');
  const loaded = state(opts.operations ?? 3);
  const quiet = { showError: () => {}, showWarning: () => {}, showSuccess: () => {} };
  const { client, requests } = makeClient(
    (req) => {
      const p = path(req);
      if (p === 'web/LoadProductionPlan2') return envelopeResponse({ result: loaded });
      if (p === 'web/GetMachinesForPlan') return envelopeResponse({ result: [machine()] });
      if (p === 'web/GetPrinterList') return envelopeResponse({ result: [] });
      return envelopeResponse({ Error: true, Message: `unexpected ${p}` });
    },
    { ui: quiet },
  );
  const granted = opts.granted ?? ['ViewProductionPlans', 'EditProductionPlans'];
  const session = createActor(sessionMachine, { input: { user: userRecord({}, granted) } }).start();
  // The queue never gets an answer: every edit stays pending, as with the network down.
  const queue = createActor(
    postQueueMachine.provide({
      actors: { send: fromPromise(() => new Promise<void>(() => {})) },
      actions: { persist: () => {}, notifyFailure: () => {} },
    }),
    { input: {} },
  ).start();
  let n = 0;
  const enqueue = (call: { path: string }, payload: Record<string, unknown>) => {
    n += 1;
    queue.send({
      type: 'queue.enqueue',
      post: { postId: `post-${n}`, path: call.path, body: payload, enqueuedAt: Date.now() },
    });
  };
  const followed: string[] = [];
  const live = {
    follow: (topic: string) => {
      followed.push(topic);
      return { replication: { awaitInSync: () => Promise.resolve() }, stop: () => Promise.resolve() };
    },
  };
  const services = {
    api: client,
    session,
    db,
    live,
    queue,
    enqueue,
    alerts: createAlertStore(),
  } as unknown as Services;
  render(
    <ServicesContext.Provider value={services}>
      <MemoryRouter initialEntries={['/productionplan/J240001']}>
        <Routes>
          <Route path="/productionplan/:jobNumToLoad" element={<ProductionPlanPage />} />
        </Routes>
      </MemoryRouter>
    </ServicesContext.Provider>,
  );
  return { requests, queue, followed, db };
}

const opRow = (id: number) => screen.getByTestId(`op-${id}`);
const input = (id: number, name: string) =>
  opRow(id).querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLButtonElement;

describe('ProductionPlanPage', () => {
  it('shows the loaded plan and follows its topic', async () => {
    const { followed } = mount();
    await screen.findByTestId('op-101');
    expect(followed).toEqual(['plan:J240001']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('J240001');
    expect(screen.getByTestId('bundle-count').textContent).toBe('10');
    expect(within(opRow(101)).getByTestId('cost-per-unit').textContent).toContain('0.50');
    await waitFor(() => expect(screen.getByTestId('production-plan').dataset.synced).toBe('true'));
  });

  it('virtualises a long list: 300 operations, only a window of them in the page', async () => {
    mount({ operations: 300 });
    await screen.findByTestId('op-101');
    const rows = document.querySelectorAll('[data-op]');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(60);
  });

  it('an edit goes to the post queue, shows at once with its rule, and an older echo does not overwrite it', async () => {
    const { queue } = mount();
    await screen.findByTestId('op-101');
    const workers = input(101, 'WorkerCount') as HTMLInputElement;
    fireEvent.focus(workers);
    fireEvent.change(workers, { target: { value: '3' } });
    fireEvent.blur(workers);
    const items = queue.getSnapshot().context.items;
    expect(items.map((p) => [p.path, p.body])).toEqual([
      [
        'web/UpdateProductionOperation',
        { ProductionPlanOperationID: 101, FieldName: 'WorkerCount', Value: 3 },
      ],
    ]);
    await waitFor(() => expect((input(101, 'WorkerCount') as HTMLInputElement).value).toBe('3'));
    expect(input(101, 'WorkerCount').dataset.saving).toBe('true');
    // 3 workers × 0.5 min per piece × 100 pcs.
    expect(within(opRow(101)).getByTestId('cost-estimate').textContent).toContain('150');
    // An echo of an earlier change (RowVersion 2, 9 workers) arrives while the edit is pending.
    await act(async () => {
      await db?.planParts.upsert({
        id: planPartId('operation', 101),
        Kind: 'operation',
        JobNumber: 'J240001',
        RowVersion: 2,
        Data: operation({ WorkerCount: 9, RowVersion: 2, ProductionQuantity: 80 }),
      });
    });
    await waitFor(() => expect((input(101, 'ProductionQuantity') as HTMLInputElement).value).toBe('80'));
    expect((input(101, 'WorkerCount') as HTMLInputElement).value).toBe('3');
    // An action flag: weld on turns setup on at once.
    fireEvent.click(input(101, 'ActionWeld'));
    await waitFor(() => expect(input(101, 'ActionSetup').getAttribute('aria-pressed')).toBe('true'));
  });

  it('a part deleted in the collection disappears', async () => {
    mount();
    await screen.findByTestId('op-102');
    const doc = {
      id: planPartId('operation', 102),
      Kind: 'operation' as const,
      JobNumber: 'J240001',
      RowVersion: 2,
      Data: operation({ ProductionPlanOperationID: 102, Sequence: 20, RowVersion: 2 }),
    };
    await act(async () => {
      await db?.planParts.upsert(doc);
    });
    await act(async () => {
      await db?.planParts.findOne(doc.id).remove();
    });
    await waitFor(() => expect(screen.queryByTestId('op-102')).toBeNull());
    expect(screen.getByTestId('op-101')).toBeTruthy();
  });

  it('a user without editProductionPlans sees the plan read-only', async () => {
    mount({ granted: ['ViewProductionPlans'] });
    await screen.findByTestId('op-101');
    expect((input(101, 'WorkerCount') as HTMLInputElement).disabled).toBe(true);
    expect((input(101, 'ActionWeld') as HTMLButtonElement).disabled).toBe(true);
    expect(within(opRow(101)).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add operation' })).toBeNull();
    expect(screen.getByText(/Read only/)).toBeTruthy();
  });
});
