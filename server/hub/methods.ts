import type { Connection } from './connection';

/** A refusal the client sees as the invocation's error, word for word. */
export class HubError extends Error {
  override name = 'HubError';
}

interface HubMethod {
  /** The name as documented; targets are matched case-insensitively. */
  name: string;
  arity: number;
  run(conn: Connection, args: unknown[]): Promise<unknown> | unknown;
}

/** Most topics one call or one connection may follow. */
export const MAX_TOPICS = 500;
const MAX_TOPIC_LENGTH = 200;

function topicList(value: unknown, method: string): string[] {
  if (
    !Array.isArray(value) ||
    value.some((t) => typeof t !== 'string' || t === '' || t.length > MAX_TOPIC_LENGTH)
  ) {
    throw new HubError(`${method} takes a list of topic names (each 1 to ${MAX_TOPIC_LENGTH} characters).`);
  }
  const topics = [...new Set(value as string[])];
  if (topics.length > MAX_TOPICS) throw new HubError(`${method} takes at most ${MAX_TOPICS} topics at once.`);
  return topics;
}

/**
 * The hub methods a client may invoke (brief §5). Subscribe answers each topic's latest sequence number so
 * the client can catch up with sync/Pull from what it holds.
 */
const methods: HubMethod[] = [
  {
    name: 'Subscribe',
    arity: 1,
    async run(conn, [value]) {
      const topics = topicList(value, 'Subscribe');
      // All or nothing: one refused topic subscribes none of them.
      for (const topic of topics) {
        const refusal = conn.host.options.authorizeTopic(conn.user, topic);
        if (refusal !== null) throw new HubError(refusal);
      }
      const added = topics.filter((t) => !conn.topics.has(t));
      if (conn.topics.size + added.length > MAX_TOPICS) {
        throw new HubError(`A connection can follow at most ${MAX_TOPICS} topics.`);
      }
      // Follow before reading the sequence numbers: a change committed in between is then delivered
      // (the client may see it before this answer, which it handles like any change) instead of lost.
      conn.host.follow(conn, added);
      let latest: Record<string, number>;
      try {
        latest = await conn.host.options.latestSeqs(topics);
      } catch (error) {
        conn.host.unfollow(conn, added);
        throw error;
      }
      conn.host.subscribed(latest);
      return Object.fromEntries(topics.map((t) => [t, latest[t] ?? 0]));
    },
  },
  {
    name: 'Unsubscribe',
    arity: 1,
    run(conn, [value]) {
      conn.host.unfollow(conn, topicList(value, 'Unsubscribe'));
      return true;
    },
  },
  {
    // A latency probe: answers its argument, whatever it is (0, false, "" and null included).
    name: 'Echo',
    arity: 1,
    run(_conn, [value]) {
      return value;
    },
  },
];

export const hubMethods: ReadonlyMap<string, HubMethod> = new Map(
  methods.map((m) => [m.name.toLowerCase(), m]),
);
