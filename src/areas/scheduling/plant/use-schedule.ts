import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { scheduleLane } from '../../../../domain/scheduling/calendar';
import { GetSchedule, GetSchedulingSettings } from '../../../../domain/scheduling/calls';
import type {
  ScheduleHeader,
  SchedulingCalendar,
  SchedulingStatus,
  Task,
  WorkcenterSetting,
} from '../../../../domain/scheduling/entities';
import { scheduleTopic, taskDocId } from '../../../../domain/scheduling/live';
import type { Lanes } from '../../../../domain/scheduling/rules';
import type { FailedPost, QueuedPost } from '../../../../machines/post-queue.machine';
import type { ScheduleTaskProjection } from '../../../../projections/schedule-tasks.collection';
import { useCore, useStore } from '../../../app/context';
import { hubChanges$ } from '../../../app/hub-events';
import { FIRST_TASKS } from '../../../app/prefetch-calls';
import { sharedGet } from '../../../app/shared-requests';
import { ScheduleStore, type TopicEntry } from './schedule-store';
import { isScheduleEdit, overlayEdits, type TrackedEdit, trackEdits } from './schedule-view';

/** A performance mark for the schedule bench (bench/schedule): where the time of a first render goes. */
export const mark = (name: string) => globalThis.performance?.mark?.(name);

export interface ScheduleSettings {
  calendar: SchedulingCalendar | null;
  workcenters: ReadonlyMap<string, WorkcenterSetting>;
  statuses: readonly SchedulingStatus[];
  statusById: ReadonlyMap<number, SchedulingStatus>;
}

export interface ScheduleData {
  header: ScheduleHeader | null;
  error: string | null;
  /** The lanes as shown: the server's, with this tab's queued edits on top. */
  lanes: Lanes;
  /** The lanes as the server has them (what a drop position is counted in is `lanes`). */
  serverTask(id: number): Task | undefined;
  /** Tasks whose edit is still queued (their cards say "saving"). */
  saving: ReadonlySet<number>;
  /** True once the topic's first pull is stored: the schedule is live. */
  synced: boolean;
  /** False while only the first tasks of each lane are here (the rest is on its way). */
  complete: boolean;
  settings: ScheduleSettings;
  /** Shows a direct call's answer at once (a task with its RowVersion), before its echo. */
  putTasks(tasks: readonly Task[]): void;
  removeTask(id: number): void;
}

const noItems: readonly QueuedPost[] = [];
const noFailed: readonly FailedPost[] = [];

const emptySettings: ScheduleSettings = {
  calendar: null,
  workcenters: new Map(),
  statuses: [],
  statusById: new Map(),
};

/** One flush per frame; a hidden tab (no frames) still flushes within 100 ms. */
function nextFrame(run: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const raf = globalThis.requestAnimationFrame?.(once);
  const timer = setTimeout(once, 100);
  return () => {
    done = true;
    if (raf !== undefined) globalThis.cancelAnimationFrame?.(raf);
    clearTimeout(timer);
  };
}

/**
 * Times of the lanes a queued edit changed, computed as the server will (domain/scheduling/calendar.ts),
 * so a moved task shows its new start and end before the echo. Lanes the edits did not touch keep the
 * server's times (and their arrays).
 */
export function retimeChanged(
  shown: Lanes,
  server: Lanes,
  calendar: SchedulingCalendar | null,
  startDate: string | undefined,
  workcenters: ReadonlyMap<string, WorkcenterSetting>,
): Lanes {
  if (!calendar || !startDate || shown === server) return shown;
  let out: Map<string, readonly Task[]> | null = null;
  for (const [lane, tasks] of shown) {
    if (server.get(lane) === tasks) continue;
    const timing = scheduleLane(
      calendar,
      lane,
      startDate,
      workcenters.get(lane)?.EfficiencyPercent ?? 100,
      tasks.map((t) => t.EstimatedMinutes),
    );
    out ??= new Map(shown);
    out.set(
      lane,
      tasks.map((t, i) => {
        const at = timing[i];
        return at && (at.StartAt !== t.StartAt || at.EndAt !== t.EndAt)
          ? { ...t, StartAt: at.StartAt, EndAt: at.EndAt }
          : t;
      }),
    );
  }
  return out ?? shown;
}

/**
 * The plant schedule's data: the GetSchedule answer for the first paint, then topic
 * `schedule:{ScheduleID}` through the `scheduleTasks` collection (started after the first lanes are
 * drawn: storing 10,000 documents must not hold them back), batched into one update per frame, and this
 * tab's queued edits on top (schedule-view.ts).
 */
export function useSchedule(scheduleId: number, plantId: number): ScheduleData {
  const { api, backgroundApi } = useCore();
  // The board renders before the store is attached (src/app/screens.ts rendersBeforeStore): the first
  // lanes come from the request layer; the topic and the queued edits join once the store is here.
  const services = useStore();
  const db = services?.db;
  const live = services?.live;
  const queue = services?.queue;
  const hub = services?.hub;
  const [store] = useState(() => new ScheduleStore(scheduleId));
  const [version, setVersion] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [synced, setSynced] = useState(false);
  const [settings, setSettings] = useState<ScheduleSettings>(emptySettings);
  // Asked for during the first render: the answer is on its way while React commits. Only the first
  // tasks of each lane: a 10,000-task schedule answers ~7 MB, which took over a second to arrive and
  // parse (bench:schedule); the rest follows once the first lanes are drawn.
  const [request] = useState(() => {
    mark('schedule:load-start');
    // Shared with the route's head start (src/app/screens.ts screenPrefetch).
    return sharedGet(api, GetSchedule, { ScheduleID: scheduleId, FirstTasks: FIRST_TASKS }).promise;
  });
  const [complete, setComplete] = useState(false);

  const pending = useRef<TopicEntry[]>([]);
  const cancelFlush = useRef<(() => void) | null>(null);
  const flush = useCallback(() => {
    cancelFlush.current = null;
    const batch = pending.current;
    pending.current = [];
    if (store.apply(batch)) {
      mark('schedule:batch');
      setVersion(store.version);
    }
  }, [store]);
  const push = useCallback(
    (entries: TopicEntry[]) => {
      for (const e of entries) pending.current.push(e);
      cancelFlush.current ??= nextFrame(flush);
    },
    [flush],
  );

  useEffect(() => {
    let alive = true;
    request.then(
      (schedule) => {
        if (!alive) return;
        mark('schedule:load-done');
        store.load(schedule);
        store.version += 1;
        setVersion(store.version);
        const partial = schedule.Workcenters.some((w) => w.Tasks.length < w.TaskCount);
        if (!partial) {
          setComplete(true);
          return;
        }
        // The rest of the lanes, after the first paint. Copies already newer here (a topic item that
        // came meanwhile) stay: the store keeps the higher RowVersion.
        nextFrame(() => {
          if (!alive) return;
          backgroundApi.get(GetSchedule, { ScheduleID: scheduleId }).then(
            (whole) => {
              if (!alive) return;
              mark('schedule:complete');
              store.load(whole);
              store.version += 1;
              setVersion(store.version);
              setComplete(true);
            },
            (e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)),
          );
        });
      },
      (e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      alive = false;
    };
  }, [request, store, backgroundApi, scheduleId]);

  useEffect(() => {
    let alive = true;
    api.get(GetSchedulingSettings, { PlantID: plantId }).then(
      (s) =>
        alive &&
        setSettings({
          calendar: s.Calendar,
          workcenters: new Map(s.Workcenters.map((w) => [w.ResourceID, w])),
          statuses: s.Statuses,
          statusById: new Map(s.Statuses.map((st) => [st.StatusID, st])),
        }),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [api, plantId]);

  // The topic is followed once the first lanes are on the screen. The hub's items go to the lanes at
  // once: storing a move's echo (every task whose times it changed, 800 documents for two long lanes)
  // in IndexedDB took 1.3 s before RxDB told anyone. Every write to the collection (the replication's
  // pulls after a gap or reconnect, another tab's writes over BroadcastChannel) comes in too; the store
  // keeps the higher RowVersion, so a copy seen twice changes nothing. One update per frame.
  const loaded = version >= 0;
  useEffect(() => {
    if (!loaded || !db || !live || !hub) return;
    let alive = true;
    let follow: ReturnType<typeof live.follow<ScheduleTaskProjection>> | null = null;
    const topic = scheduleTopic(scheduleId);
    const direct = hubChanges$(hub).subscribe((items) => {
      const mine: TopicEntry[] = [];
      for (const item of items) {
        if (item.topic === topic) mine.push({ id: item.id, doc: item.doc as TopicEntry['doc'] });
      }
      if (mine.length) push(mine);
    });
    const changes = db.scheduleTasks.$.subscribe((event) => {
      const doc = event.documentData as ScheduleTaskProjection | undefined;
      if (event.operation === 'DELETE' || !doc || (doc as { _deleted?: boolean })._deleted) {
        push([{ id: event.documentId, doc: null }]);
      } else if (doc.Data?.ScheduleID === scheduleId) {
        push([{ id: doc.id, doc: { Kind: doc.Kind, Data: doc.Data } as TopicEntry['doc'] }]);
      }
    });
    const start = nextFrame(() => {
      if (!alive) return;
      follow = live.follow<ScheduleTaskProjection>(topic, db.scheduleTasks, {
        'Data.ScheduleID': scheduleId,
      } as never);
      follow.replication.awaitInSync().then(
        async () => {
          if (!alive) return;
          // Documents another tab stored before this one subscribed raised no event here: read them once.
          const docs = await db.scheduleTasks
            .find({ selector: { 'Data.ScheduleID': scheduleId } as never })
            .exec();
          if (!alive) return;
          push(docs.map((d) => ({ id: d.id, doc: { Kind: d.Kind, Data: d.Data } as TopicEntry['doc'] })));
          mark('schedule:synced');
          setSynced(true);
        },
        () => undefined,
      );
    });
    return () => {
      alive = false;
      start();
      changes.unsubscribe();
      direct.unsubscribe();
      cancelFlush.current?.();
      cancelFlush.current = null;
      if (follow) void follow.stop();
    };
  }, [db, live, hub, scheduleId, loaded, push]);

  const items = useSelector(queue, (s) => s?.context.items ?? noItems);
  const failed = useSelector(queue, (s) => s?.context.failed ?? noFailed);
  const [tick, setTick] = useState(0);
  const trackedRef = useRef<TrackedEdit[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version and tick re-evaluate what the edits wait for.
  const tracked = useMemo(() => {
    const next = trackEdits(
      trackedRef.current,
      items.filter(isScheduleEdit),
      new Set(failed.map((f) => f.postId)),
      (id) => store.task(id)?.RowVersion,
      Date.now(),
    );
    trackedRef.current = next;
    return next;
  }, [items, failed, version, tick, store]);
  const holding = tracked.some((e) => e.confirmedAt !== null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each tick schedules the next while edits are held.
  useEffect(() => {
    if (!holding) return;
    const timer = setTimeout(() => setTick((n) => n + 1), 1000);
    return () => clearTimeout(timer);
  }, [holding, tick]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the store changes in place; version says when.
  const serverLanes = useMemo(() => store.lanes(), [store, version]);
  const overlaid = useMemo(() => overlayEdits(serverLanes, tracked), [serverLanes, tracked]);
  const startDate = store.header?.StartDate;
  const lanes = useMemo(
    () => retimeChanged(overlaid.lanes, serverLanes, settings.calendar, startDate, settings.workcenters),
    [overlaid.lanes, serverLanes, settings.calendar, startDate, settings.workcenters],
  );

  const putTasks = useCallback(
    (tasks: readonly Task[]) => {
      if (
        store.apply(tasks.map((t) => ({ id: taskDocId(t.ScheduleTaskID), doc: { Kind: 'task', Data: t } })))
      ) {
        setVersion(store.version);
      }
    },
    [store],
  );
  const removeTask = useCallback(
    (id: number) => {
      if (store.apply([{ id: taskDocId(id), doc: null }])) setVersion(store.version);
    },
    [store],
  );
  const serverTask = useCallback((id: number) => store.task(id), [store]);

  return {
    header: version >= 0 ? store.header : null,
    error,
    lanes,
    serverTask,
    saving: overlaid.saving,
    synced,
    complete,
    settings,
    putTasks,
    removeTask,
  };
}
