export {
  BOARD_ITEMS,
  type BoardItemProjection,
  type BoardItemsCollection,
} from './board-items.collection';
export {
  collections,
  MAX_COLLECTIONS,
  type OpenDatabaseOptions,
  openDatabase,
  type ProjectionCollections,
  type ProjectionDatabase,
} from './database';
export { EMPLOYEES, type EmployeeProjection, type EmployeesCollection } from './employees.collection';
export { FACES, type FaceProjection, type FacesCollection } from './faces.collection';
export {
  type ExternalStore,
  observableStore,
  type RxDocumentState,
  type RxQueryState,
  rxDocumentStore,
  rxQueryStore,
  useRxDocument,
  useRxQuery,
} from './hooks';
export {
  HUB_CONNECTIONS,
  type HubConnectionProjection,
  type HubConnectionsCollection,
} from './hub-connections.collection';
export { MACHINES, type MachineProjection, type MachinesCollection } from './machines.collection';
export {
  PLAN_PARTS,
  type PlanPartProjection,
  type PlanPartsCollection,
} from './plan-parts.collection';
export {
  createPostQueueStore,
  POST_QUEUE,
  type PostQueueCollection,
  type PostQueueDoc,
  type PostQueueStore,
  type PostQueueStoreOptions,
  type RestoredQueue,
} from './post-queue.collection';
export {
  type PullResult,
  REPLICATION_PROTOCOL_VERSION,
  type ReplicateTopicOptions,
  replicateTopic,
  type TopicCheckpoint,
  type TopicReplication,
  topicReplicationIdentifier,
} from './replication';
export {
  SCHEDULE_TASKS,
  type ScheduleTaskProjection,
  type ScheduleTasksCollection,
} from './schedule-tasks.collection';
export { SCHEDULES, type ScheduleProjection, type SchedulesCollection } from './schedules.collection';
export { sha256 } from './sha256';
export {
  TRANSLATIONS,
  type TranslationProjection,
  type TranslationsCollection,
} from './translations.collection';
