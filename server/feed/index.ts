export {
  type Backplane,
  type BackplaneListener,
  type BackplaneLog,
  type BackplaneMessage,
  DEFAULT_BACKPLANE_CHANNEL,
  InProcessBackplane,
  RedisBackplane,
  type RedisBackplaneOptions,
} from './backplane';
export { registerFeedCalls } from './feed.routes';
export {
  appendChanges,
  type CompactOptions,
  compact,
  DEFAULT_COMPACTION,
  latestSeqs,
  PULL_LIMIT_DEFAULT,
  type PullResult,
  pull,
} from './feed.service';
