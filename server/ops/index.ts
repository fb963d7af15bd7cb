import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { Backplane } from '../feed/backplane';
import type { Hub } from '../hub';
import { failureEnvelope } from '../rpc/envelope';
import type { CallRegistry } from '../rpc/registry';
import { Counter, Gauge, Histogram, MetricsRegistry, processMetrics } from './metrics';

/** The readiness probe's database check gives up after this long (a hung pool is not "ready"). */
const READY_DB_TIMEOUT_MS = 2000;

export interface OpsOptions {
  db: Database;
  backplane: Backplane;
  registry: CallRegistry;
  /**
   * Bearer token that lets a non-loopback scraper read /metrics (METRICS_TOKEN). Null: only loopback.
   */
  metricsToken: string | null;
  /** How long shutdown waits for in-flight calls before closing anyway (SHUTDOWN_TIMEOUT_MS). */
  drainTimeoutMs?: number;
}

export interface Ops {
  /** The hub is built after the pipeline; its connections are read at scrape time. */
  setHub(hub: Hub): void;
  /** Readiness answers 503 from now on (the load balancer stops sending new work here). */
  notReady(): void;
  /** True once shutdown began. */
  readonly shuttingDown: boolean;
  /** Calls being served now (hub transports excluded). */
  inFlight(): number;
}

/** Paths that are never refused while draining and never counted as work in flight. */
const probe = (url: string) => url === '/healthz' || url === '/readyz' || url === '/metrics';

function isLoopback(address: string | undefined): boolean {
  return (
    address === '127.0.0.1' ||
    address === '::1' ||
    address === '::ffff:127.0.0.1' ||
    !!address?.startsWith('127.')
  );
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from((header ?? '').replace(/^Bearer\s+/i, ''), 'utf8');
  const want = Buffer.from(token, 'utf8');
  return sent.length === want.length && timingSafeEqual(sent, want);
}

/**
 * Operations (issue 14 §5): `/readyz`, `/metrics`, and the drain half of graceful shutdown. Register it
 * before the call pipeline and the hub so its hooks see every route, and its preClose hook runs first:
 * on close it refuses new work (503), waits for in-flight calls to finish their transactions, and only
 * then lets the hub close its connections (with "allow reconnect") and the database close.
 */
export function registerOps(fastify: FastifyInstance, opts: OpsOptions): Ops {
  const { db, backplane, registry } = opts;
  let hub: Hub | null = null;
  let ready = true;
  let draining = false;
  let inFlight = 0;
  let drained: (() => void) | null = null;

  // ----------------------------------------------------------------------------------- metrics
  const metrics = new MetricsRegistry();
  const requests = metrics.add(
    new Counter('http_requests_total', 'HTTP requests answered, by method, call path (or route) and status.'),
  );
  const duration = metrics.add(
    new Histogram(
      'http_request_duration_seconds',
      'Time to answer an HTTP request, by method and call path (or route).',
    ),
  );
  metrics.add(
    new Gauge(
      'steelworks_hub_connections',
      'Handshaken hub connections held by this process, by transport.',
      () => {
        const by = new Map<string, number>([
          ['WebSockets', 0],
          ['ServerSentEvents', 0],
          ['LongPolling', 0],
        ]);
        for (const c of hub?.connections() ?? []) by.set(c.transport, (by.get(c.transport) ?? 0) + 1);
        return [...by].map(([transport, value]) => ({ labels: { transport }, value }));
      },
    ),
  );
  metrics.add(processMetrics.backplaneLag);
  metrics.add(processMetrics.postQueueBatches);
  metrics.add(processMetrics.postQueuePosts);
  metrics.add(
    new Gauge(
      'steelworks_db_pool_connections',
      'Database connections by state (PostgreSQL pool: total, idle, waiting clients; PGlite: one connection).',
      () => {
        const s = db.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
        return [
          { labels: { state: 'total' }, value: s.total },
          { labels: { state: 'idle' }, value: s.idle },
          { labels: { state: 'waiting' }, value: s.waiting },
        ];
      },
    ),
  );
  metrics.add(
    new Gauge('steelworks_calls_in_flight', 'Calls being served now (hub transports excluded).', () => [
      { value: inFlight },
    ]),
  );
  metrics.add(
    new Gauge('steelworks_shutting_down', '1 once this process began its graceful shutdown.', () => [
      { value: draining || !ready ? 1 : 0 },
    ]),
  );

  /**
   * The label of a request: the declared call path for /api (unknown paths share one label, so a
   * client cannot grow the series by inventing URLs), else the route's pattern, never the raw URL.
   */
  function pathLabel(req: FastifyRequest): string {
    const route = req.routeOptions.url;
    if (route === '/api/*') {
      const path = (req.params as { '*'?: string })['*'] ?? '';
      return registry.find(req.method, path) ? path : '(unknown call)';
    }
    return route ?? '(no route)';
  }

  fastify.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0]!;
    const started = process.hrtime.bigint();
    const counted = !probe(url) && !url.startsWith('/hub');
    if (draining && (counted || url.startsWith('/hub/negotiate'))) {
      // Refused before any work: the load balancer or the client retries on another process.
      reply.header('Connection', 'close').header('Retry-After', '1');
      if (url.startsWith('/api/'))
        return reply
          .code(503)
          .send(failureEnvelope('error', 'The server is restarting. Try again in a moment.'));
      return reply.code(503).type('text/plain').send('The server is shutting down.');
    }
    if (counted) inFlight++;
    // 'close' fires for every ending (answered, aborted, destroyed), so the count cannot leak.
    reply.raw.once('close', () => {
      if (counted && --inFlight === 0) drained?.();
      if (url.startsWith('/hub') && !url.startsWith('/hub/negotiate')) return; // held polls and streams
      const labels = { method: req.method, path: pathLabel(req) };
      requests.inc({ ...labels, status: String(reply.raw.statusCode) });
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
  });

  // ------------------------------------------------------------------------------- readiness
  fastify.get('/readyz', async (_req, reply) => {
    const database = await Promise.race([
      db.query('SELECT 1').then(
        () => 'ok',
        (err: unknown) => `unreachable (${(err as Error).message})`,
      ),
      new Promise<string>((r) =>
        setTimeout(() => r(`no answer within ${READY_DB_TIMEOUT_MS} ms`), READY_DB_TIMEOUT_MS).unref(),
      ),
    ]);
    // A Redis backplane is ready when its subscriber is (else this process would miss other
    // processes' changes); the in-process one always is.
    const redis = (backplane as { subscriberReady?: boolean }).subscriberReady;
    const plane = redis === undefined ? 'in-process' : redis ? 'ok' : 'Redis subscriber not connected';
    const shuttingDown = draining || !ready;
    const ok = !shuttingDown && database === 'ok' && (plane === 'ok' || plane === 'in-process');
    return reply.code(ok ? 200 : 503).send({ ready: ok, database, backplane: plane, shuttingDown });
  });

  // --------------------------------------------------------------------------------- metrics
  // Who may read it: call volumes by path, connection counts and pool state describe the deployment
  // and its users' activity, so not the public. Loopback (a sidecar or node exporter on the host) may;
  // anything else needs `Authorization: Bearer $METRICS_TOKEN`. The socket's address is used, not
  // req.ip, which a forwarding header can forge.
  fastify.get('/metrics', async (req, reply) => {
    const local = isLoopback(req.socket.remoteAddress);
    const token = opts.metricsToken;
    if (!local && !(token && tokenMatches(req.headers.authorization, token))) {
      return reply
        .code(403)
        .type('text/plain')
        .send('Metrics are served to loopback, or with Authorization: Bearer <METRICS_TOKEN>.');
    }
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(metrics.render());
  });

  // -------------------------------------------------------------------------------- shutdown
  // Registered before every other preClose hook, and Fastify runs them in order: first the drain, then
  // the hub and presence close and the KPI flush (app.ts), while the database and backplane are open.
  fastify.addHook('preClose', async () => {
    ready = false;
    draining = true;
    if (inFlight > 0) {
      const timeout = opts.drainTimeoutMs ?? 25_000;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          fastify.log.warn({ inFlight }, 'shutdown: calls still running after the drain timeout');
          resolve();
        }, timeout);
        drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  });
  return {
    setHub(h) {
      hub = h;
    },
    notReady() {
      ready = false;
    },
    get shuttingDown() {
      return draining || !ready;
    },
    inFlight: () => inFlight,
  };
}
