import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { type Backplane, InProcessBackplane, RedisBackplane } from './backplane';
import { type CompactOptions, compact, DEFAULT_COMPACTION } from './feed.service';

export interface CompactionSchedule extends CompactOptions {
  /** Time between two runs. */
  intervalMs: number;
}

/** Every 10 minutes, keeping 24 hours or 10 000 changes per topic. */
export const DEFAULT_COMPACTION_SCHEDULE: CompactionSchedule = {
  ...DEFAULT_COMPACTION,
  intervalMs: 10 * 60_000,
};

/** buildApp's options for the feed. */
export interface FeedOptions {
  /**
   * A backplane to use instead of the one `config.redisUrl` chooses (tests; several apps in one
   * process). The app does not close a backplane it was given.
   */
  backplane?: Backplane;
  /** Compaction schedule (parts not given keep their default); false: no periodic compaction. */
  compaction?: Partial<CompactionSchedule> | false;
}

/**
 * The feed's running parts for one app: the backplane (Redis when REDIS_URL is set, else in-process) and
 * the periodic compaction of the change log. Both stop when Fastify closes.
 */
export function startFeed(
  fastify: FastifyInstance,
  db: Database,
  config: Pick<Config, 'redisUrl' | 'redisChannel'>,
  opts: FeedOptions = {},
): { backplane: Backplane } {
  const log = fastify.log;
  const owned = !opts.backplane;
  const backplane =
    opts.backplane ??
    (config.redisUrl
      ? new RedisBackplane({ url: config.redisUrl, channel: config.redisChannel, log })
      : new InProcessBackplane({ log }));

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  if (opts.compaction !== false) {
    const schedule = { ...DEFAULT_COMPACTION_SCHEDULE, ...opts.compaction };
    timer = setInterval(() => {
      if (running) return; // a slow run is still going: skip this turn rather than pile up
      running = compact(db, schedule)
        .then((result) => {
          if (result.removed) log.info(result, 'change log compacted');
        })
        .catch((err: unknown) => log.error({ err }, 'change log compaction failed'))
        .finally(() => {
          running = null;
        });
    }, schedule.intervalMs);
    // Never the reason the process stays alive.
    timer.unref();
  }

  fastify.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
    if (owned) await backplane.close();
  });
  return { backplane };
}
