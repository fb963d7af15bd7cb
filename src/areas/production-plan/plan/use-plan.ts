import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { topicOf } from '../../../../domain/live/topics';
import {
  GetMachinesForPlan,
  GetPrinterList,
  LoadProductionPlan2,
} from '../../../../domain/production-plan/calls';
import type {
  Machine,
  Operation,
  Printer,
  ProductionPlanState,
} from '../../../../domain/production-plan/entities';
import { useRxQuery } from '../../../../projections/hooks';
import type { PlanPartProjection } from '../../../../projections/plan-parts.collection';
import { useServices, useUser } from '../../../app/context';
import { sharedGet } from '../../../app/shared-requests';
import { SAVE_WAIT_MAX_MS } from '../../../ui/constants';
import {
  buildPlan,
  mergeParts,
  type OverlayContext,
  operationPart,
  overlayEdits,
  PLAN_EDIT_PATHS,
  type PlanPart,
  type PlanView,
  partsOfState,
  type QueuedEdit,
  type TrackedEdit,
  trackEdits,
} from './plan-view';

const noMachines: Machine[] = [];

/** A performance mark for the plan bench (bench/plan): where the time of a first render goes. */
export const mark = (name: string) => globalThis.performance?.mark?.(name);

const isPlanEdit = (post: QueuedEdit) => post.path.toLowerCase() in PLAN_EDIT_PATHS;

export interface PlanData {
  /** The job-side data of the load answer (null until it is in). */
  state: ProductionPlanState | null;
  error: string | null;
  /** The plan as shown: server state, newest copy of each part, with this tab's edits on top. */
  plan: PlanView | null;
  /** `{partId}:{FieldName}` of the fields whose edit is still in the post queue. */
  pendingFields: ReadonlySet<string>;
  machines: readonly Machine[];
  printers: readonly Printer[];
  /** True once the topic's first pull is in: the plan is live. */
  synced: boolean;
  /** Everything is in: the load answer, the machines and the topic's first pull. */
  complete: boolean;
  /** The plan as the server has it (no pending edits): what direct calls patch. */
  serverOperation(id: number): Operation | undefined;
  /** Shows a direct call's answer at once (an operation with its RowVersion). */
  putOperations(ops: readonly Operation[]): void;
  /**
   * Shows a change a direct call made whose answer carries no RowVersion (lock, backflush added): on top
   * of the server copy, below the next server version (RowVersion + 0.5).
   */
  patchOperation(id: number, patch: Partial<Operation>): void;
  markDeleted(partId: string): void;
  /** Resolves when the post queue has nothing pending (or after the save wait limit). */
  whenSaved(): Promise<void>;
}

type Api = ReturnType<typeof useServices>['api'];
interface PlanRequests {
  state: Promise<ProductionPlanState>;
  machines: Promise<Machine[]>;
}

/**
 * LoadProductionPlan2 and GetMachinesForPlan for `job`, shared for a few seconds (src/app/
 * shared-requests.ts): the route's loader sends them before the screen's chunk is in, and a screen
 * rendered four times before its first commit (measured in bench:plan) sent each call four times,
 * which the embedded database answers one after the other.
 */
export function planRequests(api: Api, job: string, now = Date.now()): PlanRequests {
  // A plan that cannot be shown (not found, another plant) is said once, in place on the screen, so no
  // alert as well; the machines' answer fails for the same reason and is not worth a second message.
  const state = sharedGet(api, LoadProductionPlan2, { JobNumber: job }, now, { inline: true });
  if (state.fresh) mark('plan:load-start');
  return {
    state: state.promise,
    machines: sharedGet(api, GetMachinesForPlan, { JobNumber: job }, now, { inline: true }).promise,
  };
}

/**
 * The plan screen's data: the load answer, the live `plan:{JobNumber}` topic in `planParts`, answers of
 * direct calls and the post queue's pending edits, merged by plan-view.ts.
 */
export function usePlan(job: string): PlanData {
  const { api, db, live, queue } = useServices();
  const user = useUser();
  const [load, setLoad] = useState<{ state: ProductionPlanState | null; error: string | null }>({
    state: null,
    error: null,
  });
  const [machines, setMachines] = useState<Machine[] | null>(null);
  const [printers, setPrinters] = useState<Printer[]>([]);
  const [synced, setSynced] = useState(false);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(() => new Set());
  const [answers, setAnswers] = useState<ReadonlyMap<string, PlanPart>>(() => new Map());

  // Asked for during the first render, not after the commit: the answer is on the way while React
  // commits and paints. React may render the screen several times before it commits (a lazy chunk
  // or a suspended child throws the first renders' state away), so the requests are shared per job.
  const [requests] = useState(() => planRequests(api, job));

  useEffect(() => {
    let alive = true;
    requests.state.then(
      (state) => {
        mark('plan:load-done');
        if (alive) setLoad({ state, error: null });
      },
      (error: unknown) =>
        alive && setLoad({ state: null, error: error instanceof Error ? error.message : String(error) }),
    );
    requests.machines.then(
      (list) => alive && setMachines(list),
      () => alive && setMachines([]),
    );
    return () => {
      alive = false;
    };
  }, [requests]);

  const plantId = load.state?.Job.PlantID;
  useEffect(() => {
    if (plantId === undefined) return;
    let alive = true;
    api.get(GetPrinterList, { PlantID: plantId }).then(
      (list) => alive && setPrinters(list),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [api, plantId]);

  // The live topic is followed, and the collection read, once the load answer is in: pulling 300
  // documents into IndexedDB while the answer arrives would hold the main thread and delay the first
  // rows. Nothing is missed by starting later: the replication pulls from its checkpoint.
  const answered = load.state !== null || load.error !== null;
  useEffect(() => {
    if (!answered) return;
    setSynced(false);
    const deletions = db.planParts.$.subscribe((event) => {
      if (event.operation !== 'DELETE') return;
      const id = event.documentId;
      setDeleted((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
    });
    const follow = live.follow<PlanPartProjection>(topicOf.plan(job), db.planParts, { JobNumber: job });
    let alive = true;
    follow.replication.awaitInSync().then(
      () => alive && setSynced(true),
      () => undefined,
    );
    return () => {
      alive = false;
      deletions.unsubscribe();
      void follow.stop();
    };
  }, [db, live, job, answered]);

  const { docs: rawDocs } = useRxQuery(
    () => (answered ? db.planParts.find({ selector: { JobNumber: job } }) : null),
    [db, job, answered],
  );
  // The same part at the same RowVersion keeps the same object, so unchanged rows are not drawn again.
  const stable = useRef(new Map<string, PlanPart>());
  const docs = useMemo(() => {
    const next = new Map<string, PlanPart>();
    const out = (rawDocs as readonly PlanPart[]).map((d) => {
      const have = stable.current.get(d.id);
      const keep = have && have.RowVersion === d.RowVersion ? have : d;
      next.set(d.id, keep);
      return keep;
    });
    stable.current = next;
    return out;
  }, [rawDocs]);

  const loaded = useMemo(() => (load.state ? partsOfState(load.state) : []), [load.state]);
  const server = useMemo(
    () =>
      buildPlan(
        mergeParts({
          loaded,
          collection: docs as readonly PlanPart[],
          answers: [...answers.values()],
          deleted,
          synced,
        }),
      ),
    [loaded, docs, answers, deleted, synced],
  );
  const serverRef = useRef(server);
  serverRef.current = server;

  const items = useSelector(queue, (s) => s.context.items);
  const failed = useSelector(queue, (s) => s.context.failed);
  const [tick, setTick] = useState(0);
  const trackedRef = useRef<TrackedEdit[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick re-evaluates the confirmed edits' hold time.
  const tracked = useMemo(() => {
    const next = trackEdits(
      trackedRef.current,
      items.filter(isPlanEdit),
      new Set(failed.map((f) => f.postId)),
      server,
      Date.now(),
    );
    trackedRef.current = next;
    return next;
  }, [items, failed, server, tick]);
  const holding = tracked.some((e) => e.confirmedAt !== null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each tick schedules the next while edits are held.
  useEffect(() => {
    if (!holding) return;
    const timer = setTimeout(() => setTick((n) => n + 1), 1000);
    return () => clearTimeout(timer);
  }, [holding, tick]);

  const ctx: OverlayContext = useMemo(
    () => ({
      machines: machines ?? noMachines,
      partLength: load.state?.Job.Part.Length ?? null,
      employeeName: user?.Name ?? '',
    }),
    [machines, load.state, user?.Name],
  );
  const shown = useMemo(() => (server ? overlayEdits(server, tracked, ctx) : null), [server, tracked, ctx]);

  const putOperations = useCallback((ops: readonly Operation[]) => {
    setAnswers((prev) => {
      const next = new Map(prev);
      for (const op of ops) {
        const part = operationPart(op);
        const have = next.get(part.id);
        if (!have || have.RowVersion < part.RowVersion) next.set(part.id, part);
      }
      return next;
    });
  }, []);

  const serverOperation = useCallback(
    (id: number) => serverRef.current?.operations.find((o) => o.ProductionPlanOperationID === id),
    [],
  );

  const patchOperation = useCallback(
    (id: number, patch: Partial<Operation>) => {
      const op = serverRef.current?.operations.find((o) => o.ProductionPlanOperationID === id);
      if (!op) return;
      putOperations([{ ...op, ...patch, RowVersion: Math.floor(op.RowVersion) + 0.5 }]);
    },
    [putOperations],
  );

  const markDeleted = useCallback((partId: string) => {
    setDeleted((prev) => new Set(prev).add(partId));
  }, []);

  const whenSaved = useCallback(
    () =>
      new Promise<void>((resolve) => {
        const idle = () => queue.getSnapshot().context.items.length === 0;
        if (idle()) {
          resolve();
          return;
        }
        const subscription = queue.subscribe(() => {
          if (idle()) done();
        });
        const timer = setTimeout(done, SAVE_WAIT_MAX_MS);
        function done() {
          clearTimeout(timer);
          subscription.unsubscribe();
          resolve();
        }
      }),
    [queue],
  );

  return {
    state: load.state,
    error: load.error,
    plan: shown?.plan ?? null,
    pendingFields: shown?.pendingFields ?? new Set(),
    machines: machines ?? noMachines,
    printers,
    synced,
    complete: load.state !== null && machines !== null && synced,
    serverOperation,
    putOperations,
    patchOperation,
    markDeleted,
    whenSaved,
  };
}
