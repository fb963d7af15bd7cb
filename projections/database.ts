import { addRxPlugin, createRxDatabase, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBCleanupPlugin } from 'rxdb/plugins/cleanup';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { BOARD_ITEMS, type BoardItemsCollection, boardItemsSchema } from './board-items.collection';
import { EMPLOYEES, type EmployeesCollection, employeesSchema } from './employees.collection';
import { FACES, type FacesCollection, facesSchema } from './faces.collection';
import {
  HUB_CONNECTIONS,
  type HubConnectionsCollection,
  hubConnectionsSchema,
} from './hub-connections.collection';
import { MACHINES, type MachinesCollection, machinesSchema } from './machines.collection';
import { PLAN_PARTS, type PlanPartsCollection, planPartsSchema } from './plan-parts.collection';
import { POST_QUEUE, type PostQueueCollection, postQueueSchema } from './post-queue.collection';
import {
  SCHEDULE_TASKS,
  type ScheduleTasksCollection,
  scheduleTasksSchema,
} from './schedule-tasks.collection';
import { SCHEDULES, type SchedulesCollection, schedulesSchema } from './schedules.collection';
import { sha256 } from './sha256';
import { TRANSLATIONS, type TranslationsCollection, translationsSchema } from './translations.collection';

/**
 * Every collection of the app, grouped by shape, not by screen: the free RxDB build refuses a 14th open
 * collection in a page (counted across databases), so the design stays at ten or fewer. Add one here
 * (and to projections/README.md) only for a new shape of document.
 */
export interface ProjectionCollections {
  [BOARD_ITEMS]: BoardItemsCollection;
  [EMPLOYEES]: EmployeesCollection;
  [FACES]: FacesCollection;
  [HUB_CONNECTIONS]: HubConnectionsCollection;
  [MACHINES]: MachinesCollection;
  [PLAN_PARTS]: PlanPartsCollection;
  [POST_QUEUE]: PostQueueCollection;
  [SCHEDULE_TASKS]: ScheduleTasksCollection;
  [SCHEDULES]: SchedulesCollection;
  [TRANSLATIONS]: TranslationsCollection;
}

/** The app's RxDB database. */
export type ProjectionDatabase = RxDatabase<ProjectionCollections>;

/** The collections as `addCollections` takes them. */
export const collections = {
  [BOARD_ITEMS]: { schema: boardItemsSchema },
  [EMPLOYEES]: { schema: employeesSchema },
  [FACES]: { schema: facesSchema },
  [HUB_CONNECTIONS]: { schema: hubConnectionsSchema },
  [MACHINES]: { schema: machinesSchema },
  [PLAN_PARTS]: { schema: planPartsSchema },
  [POST_QUEUE]: { schema: postQueueSchema },
  [SCHEDULE_TASKS]: { schema: scheduleTasksSchema },
  [SCHEDULES]: { schema: schedulesSchema },
  [TRANSLATIONS]: { schema: translationsSchema },
} as const;

/** Most collections the design allows (the free build's hard limit is 13 per page). */
export const MAX_COLLECTIONS = 10;

export interface OpenDatabaseOptions {
  /** Database name (the IndexedDB name with Dexie); default `steelworks`. Tests use a unique one each. */
  name?: string;
  /**
   * `dexie` (IndexedDB, the browser default), `memory` (the default where there is no IndexedDB, as in
   * unit tests in node), or any RxStorage.
   */
  storage?: 'dexie' | 'memory' | RxStorage<unknown, unknown>;
  /**
   * Share the database between tabs (change events over BroadcastChannel). Default: true with Dexie,
   * false with memory storage.
   */
  multiInstance?: boolean;
  /**
   * RxDB dev-mode plus schema validation of every write. Development builds (and tests) only, default
   * on there; a production build has neither, whatever this says.
   */
  devMode?: boolean;
}

let devModeAdded = false;

function baseStorage(choice: OpenDatabaseOptions['storage']): RxStorage<unknown, unknown> {
  const kind = choice ?? (typeof indexedDB === 'undefined' ? 'memory' : 'dexie');
  if (kind === 'memory') return getRxStorageMemory() as RxStorage<unknown, unknown>;
  if (kind === 'dexie') return getRxStorageDexie() as RxStorage<unknown, unknown>;
  return kind;
}

/**
 * Opens the projection database with every collection. Close it with `db.close()` when done (tests
 * must, after each test: open collections count against the free build's limit of 13 per page).
 *
 * - Hash: {@link sha256} in plain JavaScript, because RxDB's default needs `crypto.subtle`, which
 *   plain-http LAN pages (TV boards) do not have.
 * - Dev-mode only in development, and then the storage is wrapped in the ajv schema validator (dev-mode
 *   refuses an unvalidated storage). Both are imported only in development builds.
 * - Cleanup: deleted documents (tombstones) are purged an hour after deletion, so a board that runs
 *   for days does not grow (the default keeps them a month).
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<ProjectionDatabase> {
  // `import.meta.env.DEV` first, so the production build drops the dev-mode and ajv chunks entirely.
  const devMode = import.meta.env.DEV && (options.devMode ?? true);
  let storage = baseStorage(options.storage);
  if (devMode) {
    const [{ RxDBDevModePlugin, disableWarnings }, { wrappedValidateAjvStorage }] = await Promise.all([
      import('rxdb/plugins/dev-mode'),
      import('rxdb/plugins/validate-ajv'),
    ]);
    if (!devModeAdded) {
      disableWarnings();
      addRxPlugin(RxDBDevModePlugin);
      devModeAdded = true;
    }
    storage = wrappedValidateAjvStorage({ storage });
  }
  addRxPlugin(RxDBCleanupPlugin);
  const isMemory =
    options.storage === 'memory' || (options.storage === undefined && typeof indexedDB === 'undefined');
  const db = await createRxDatabase<ProjectionCollections>({
    name: options.name ?? 'steelworks',
    storage,
    multiInstance: options.multiInstance ?? !isMemory,
    hashFunction: sha256,
    // Query results are recomputed from change events instead of re-running queries.
    eventReduce: true,
    cleanupPolicy: {
      minimumDeletedTime: 60 * 60 * 1000,
      runEach: 5 * 60 * 1000,
      awaitReplicationsInSync: true,
      // Every tab purges on its own: no leader election (see README), and a purge is idempotent.
      waitForLeadership: false,
    },
  });
  try {
    await db.addCollections(collections);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
