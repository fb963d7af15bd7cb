import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { authorizeTopic } from '../domain/live/topics';
import { permissionFlags } from '../domain/platform/permissions';
import { registerAlgorithmCalls } from './areas/algorithms';
// TV painting, scoreboard and KPI boards (issue 7 parts 2-3).
import { boardsHook, registerBoardCalls } from './areas/boards/boards.routes';
import { KpiPublisher } from './areas/boards/kpi-publisher';
import { registerThresholdCalls } from './areas/boards/thresholds.routes';
import { registerCostingCalls } from './areas/costing';
import { registerCuringCalls } from './areas/curing/curing.routes';
import { CuringService } from './areas/curing/curing.service';
import { registerMaintenanceCalls } from './areas/maintenance/maintenance.routes';
import { MaintenanceService } from './areas/maintenance/maintenance.service';
import { orderPickSource } from './areas/orders/orders.pick';
import { registerOrderCalls } from './areas/orders/orders.routes';
import { registerPaintingCalls } from './areas/painting/painting.routes';
import { PaintingService } from './areas/painting/painting.service';
import { registerPayrollCalls } from './areas/payroll/payroll.routes';
import { PayrollService } from './areas/payroll/payroll.service';
import { registerBarcodeCalls } from './areas/platform/barcodes.routes';
import { registerConfigCalls } from './areas/platform/config.routes';
import { registerDatabaseCatalogCalls } from './areas/platform/database-catalog';
import { registerDeviceCalls } from './areas/platform/devices.routes';
import { registerEmployeeDocuments } from './areas/platform/employee-documents.routes';
import { storedBytesOf } from './areas/platform/files.repository';
import { LoginLimiter } from './areas/platform/login-limiter';
import { registerMyWorkCalls } from './areas/platform/my-work.routes';
import { registerPlatformCalls } from './areas/platform/platform.routes';
import { registerPlcCalls } from './areas/platform/plcs.routes';
import { Presence, type PresenceOptions } from './areas/platform/presence';
import { registerPrinterCalls } from './areas/platform/printers.routes';
import { SessionService } from './areas/platform/session.service';
import { registerSettingsCalls } from './areas/platform/settings.routes';
import { registerShellCalls } from './areas/platform/shell.routes';
import { jobPickSource, partPickSource } from './areas/production-plan/jobs.pick';
import { registerMachineCalls } from './areas/production-plan/machines.routes';
import { registerProductionPlanCalls } from './areas/production-plan/plan.routes';
import { PlanService } from './areas/production-plan/plan.service';
import { registerRateImportCalls } from './areas/production-plan/rate-import';
import { areaRateSources, type RateSources } from './areas/production-plan/rate-sources';
import { registerQualityCheckCalls } from './areas/quality-checks/quality-checks.routes';
import { QualityChecksService } from './areas/quality-checks/quality-checks.service';
import { registerSchedulingCalls } from './areas/scheduling/schedule.routes';
import { SchedulingService } from './areas/scheduling/schedule.service';
import { registerShopfloorCalls } from './areas/shopfloor/shopfloor.routes';
import { ShopfloorService } from './areas/shopfloor/shopfloor.service';
import { registerTimeclockCalls } from './areas/timeclock/timeclock.routes';
import { TimeclockService } from './areas/timeclock/timeclock.service';
import { registerTvCalls } from './areas/tv/tv.routes';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Backplane } from './feed/backplane';
import { registerFeedCalls } from './feed/feed.routes';
import { type FeedOptions, startFeed } from './feed/feed.runtime';
import { changesAfter, latestSeqs } from './feed/feed.service';
import { Hub, type HubAppOptions, originPolicy } from './hub';
import { setKitLive } from './kit/export';
import { JobWorker, type WorkerOptions } from './kit/jobs';
// The job queue, the mail sender and /hangfire's calls (issue 16 items 7-8).
import { registerJobCalls } from './kit/jobs.routes';
import { mailSending } from './kit/mail';
import { registerMailSender } from './kit/mail-sender';
import { registerPick } from './kit/pick';
import { registerPrintCalls } from './kit/print.routes';
import { registerRecordCalls } from './kit/record.routes';
import { registerSearch } from './kit/search.routes';
import { registerSavedViewCalls } from './kit/views.routes';
import { loggerOptions, RequestLogController } from './log';
import { type Ops, registerOps } from './ops';
import { clientErrorHandler } from './rpc/client-error';
import { registerOpenApiRoute } from './rpc/openapi.route';
import { CallRegistry } from './rpc/registry';
import { Limits, rpcPlugin } from './rpc/rpc.plugin';
import { securityHeaders } from './security-headers';

export interface App {
  fastify: FastifyInstance;
  registry: CallRegistry;
  sessions: SessionService;
  /** Committed changes, logouts and disabled employees, to every server process (server/feed). */
  backplane: Backplane;
  /** The SignalR hub at /hub (server/hub): deliver changes, close a session's or an employee's connections. */
  hub: Hub;
  /** Readiness, metrics and the shutdown drain (server/ops). */
  ops: Ops;
  /** The plant KPI monitors' coalesced rebuild (server/areas/boards/kpi-publisher.ts). */
  kpi: KpiPublisher;
  /** This process's job worker (server/kit/jobs.ts): areas add handlers with `jobs.handle(kind, fn)`. */
  jobs: JobWorker;
}

/**
 * Builds the server in the order fastify/demo recommends: external plugins, then the app's own
 * (the call pipeline), then each area's calls. No listening and no database opening here, so tests
 * build as many apps as they like.
 */
export async function buildApp(
  db: Database,
  config: Config,
  opts: {
    logger?: boolean;
    presence?: Partial<PresenceOptions>;
    /** Engines and algorithms of the plan calls (tests inject their own). */
    rateSources?: RateSources;
    /** Bring the search index up to the areas' records before listening (default true; benches skip it). */
    searchCatchUp?: boolean;
    /** The job worker's timing (tests shorten it); `false`: no polling (tests drive runOnce). */
    jobs?: WorkerOptions | false;
  } & FeedOptions &
    HubAppOptions = {},
): Promise<App> {
  const fastify = Fastify({
    logger:
      opts.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    logController: new RequestLogController(),
    // Forwarding headers only from the configured proxies (TRUST_PROXY); `true` believed anyone's
    // X-Forwarded-For, so a caller chose the address every per-address limit and sessions.ip saw.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: Limits.jsonBody,
    // On shutdown, end every socket: a connection that never sent a request (a browser's pre-opened
    // one, or fetch's after an aborted long poll) would otherwise hold close() for headersTimeout (60 s).
    forceCloseConnections: true,
    // While closing, server/ops refuses new work itself (an envelope for /api, probes still answered)
    // and lets calls in flight finish; Fastify's own 503 would pre-empt both.
    return503OnClosing: false,
    // Each close hook may take longer than Fastify's default 10 s under load (the drain waits for calls in
    // flight; presence records every closed hub connection); past it close() fails and nothing after
    // it (the database close) runs. The drain has its own limit (SHUTDOWN_TIMEOUT_MS).
    pluginTimeout: 60_000,
    // A request Node's parser refuses (a GET query over 16 KB) answers an envelope, not a bare 431.
    clientErrorHandler,
  });

  // CSP, nosniff, frame-ancestors and Referrer-Policy on every answer (server/security-headers.ts).
  securityHeaders(fastify);

  // External plugins.
  await fastify.register(multipart, { limits: { fileSize: Limits.uploadFile, files: Limits.uploadFiles } });

  // Areas register their calls; the pipeline serves them.
  const registry = new CallRegistry();
  const sessions = new SessionService(
    db,
    { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionMaxHours },
    new LoginLimiter(),
  );
  sessions.cache.ttlMs = config.sessionCacheMs;
  const { backplane } = startFeed(fastify, db, config, opts);
  // Operations (issue 14 §5, server/ops): /readyz, /metrics and the drain of graceful shutdown. Before
  // the pipeline and the hub, so its hooks see their routes and its preClose hook runs first.
  const ops = registerOps(fastify, {
    db,
    backplane,
    registry,
    metricsToken: process.env.METRICS_TOKEN || null,
    drainTimeoutMs: Number(process.env.SHUTDOWN_TIMEOUT_MS) || undefined,
  });
  registerPlatformCalls(registry, sessions, backplane, { uploadQuotaBytes: config.uploadQuotaBytes });
  registerFeedCalls(registry);
  registerShellCalls(registry);
  registerDeviceCalls(registry);
  // Pickers (web/Pick): each area hands over the sources of the kinds it owns (server/kit/pick.ts).
  const employeePickers = registerEmployeeDocuments(registry, backplane);
  registerPick(registry, {
    ...employeePickers,
    order: orderPickSource,
    job: jobPickSource,
    part: partPickSource,
  });
  registerConfigCalls(registry);
  registerSettingsCalls(registry);
  registerRecordCalls(registry);
  registerSavedViewCalls(registry);
  setKitLive(registry, db, backplane);
  // Issue 16's hardware screens: label printers (and the printing other areas use), PLCs, barcodes.
  registerPrinterCalls(registry);
  registerPlcCalls(registry);
  registerBarcodeCalls(registry);
  registerOrderCalls(registry);
  // Scheduling runs the plan area's algorithm for a task (on the task's machine and pieces), and hears
  // plan operation changes inside the plan call's transaction so the tasks follow.
  const rateSources = opts.rateSources ?? areaRateSources;
  const planReader = new PlanService(rateSources);
  const scheduling = new SchedulingService(
    (tx, operationId, override) => planReader.previewAlgorithm(tx, operationId, override),
    (tx, operationId, on) => planReader.rateOnMachine(tx, operationId, on),
  );
  registerProductionPlanCalls(registry, rateSources, {
    operationsChanged: (w, changes) => scheduling.operationsChanged(w, changes),
  });
  registerSchedulingCalls(registry, scheduling);
  // The boards' documents (bay:, kpi:, painting:) are republished by every shop-floor write.
  const painting = new PaintingService();
  // Issue 14 §5 (ops): the plant KPI monitors are rebuilt after commit, coalesced per plant.
  const kpi = new KpiPublisher(db, backplane, { log: fastify.log });
  // After the drain (server/ops), while the database and backplane are open: the last KPI state of
  // every plant written to is published before the process ends.
  fastify.addHook('preClose', () => kpi.flush());
  registerShopfloorCalls(registry, new ShopfloorService(undefined, boardsHook(painting, kpi)));
  registerPaintingCalls(registry, painting);
  registerBoardCalls(registry);
  registerThresholdCalls(registry, kpi);
  const qualityChecks = new QualityChecksService();
  const payroll = new PayrollService();
  const timeclock = new TimeclockService();
  const maintenance = new MaintenanceService();
  registerQualityCheckCalls(registry, qualityChecks);
  registerPayrollCalls(registry, payroll);
  registerTimeclockCalls(registry, timeclock);
  registerTvCalls(registry);
  registerMaintenanceCalls(registry, maintenance);
  // Intro's work list counts through these areas' services (server/areas/platform/my-work.routes.ts).
  registerMyWorkCalls(registry, { timeclock, payroll, maintenance, qualityChecks });
  registerCuringCalls(registry, new CuringService());
  registerCostingCalls(registry);
  registerMachineCalls(registry);
  registerRateImportCalls(registry);
  registerAlgorithmCalls(registry);
  // Global search (issue 16): web/GlobalSearch, and the index caught up before listening.
  registerSearch(fastify, registry, db, { catchUp: opts.searchCatchUp });
  // /databasecatalog (issue 16): tables, columns, rows, sizes and indexes from pg_catalog.
  registerDatabaseCatalogCalls(registry, db);
  // The job queue: one worker per process, started when the server is ready and stopped after the drain.
  const jobs = new JobWorker(db, backplane, { log: fastify.log, ...(opts.jobs || {}) });
  mailSending.enabled = config.smtpUrl !== null;
  if (config.smtpUrl) registerMailSender(jobs, db, backplane, config.smtpUrl);
  registerJobCalls(registry, jobs);
  registerPrintCalls(registry);
  if (opts.jobs !== false) fastify.addHook('onReady', () => jobs.start());
  fastify.addHook('preClose', () => jobs.stop());
  await fastify.register(rpcPlugin, {
    db,
    registry,
    auth: sessions,
    backplane,
    // Each employee's storage quota (UPLOAD_QUOTA_MB): an upload's stream stops where it runs out.
    uploadAllowance: async (user) => config.uploadQuotaBytes - (await storedBytesOf(db, user.employeeId)),
  });
  // GET /api/openapi.json: the API described from the same declarations (issue 14 §4, server/rpc/openapi.ts).
  registerOpenApiRoute(fastify, registry, sessions, process.env.npm_package_version ?? '0.1.0');

  // The SignalR hub at /hub. Subscribe answers each topic's latest sequence from the change log.
  const nodeId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const hub = new Hub({
    ...opts.hub,
    secret: config.hubSecret,
    nodeId,
    allowedOrigins: originPolicy(config.hubAllowedOrigins),
    authenticate: (token) => sessions.authenticate(token, null),
    authorizeTopic,
    latestSeqs: opts.latestSeqs ?? ((topics) => latestSeqs(db, topics)),
    // Issue 14 §2: expired, revoked and changed sessions are re-checked on every process.
    checkSessions: (ids) => sessions.checkSessions(ids),
    // Issue 14 §5: gaps and backplane outages are filled from the change log (the outbox).
    changesAfter: (topic, since, limit) => changesAfter(db, topic, since, limit),
    log: fastify.log,
  });
  await hub.register(fastify);
  ops.setHub(hub);

  // Every process hears every committed change, logout, disabled employee and changed employee (in-process,
  // or Redis across processes): it passes them to the connections it holds and drops its cached sessions.
  const unsubscribe = backplane.subscribe((message) => {
    switch (message.kind) {
      case 'changes':
        hub.deliver(message.changes);
        break;
      case 'closeSession':
        sessions.cache.forgetSession(message.sessionId);
        hub.closeSession(message.sessionId, 'You have logged out.');
        break;
      case 'closeEmployee':
        sessions.cache.forgetEmployee(message.employeeId);
        hub.closeEmployee(message.employeeId, 'Your account was disabled.');
        break;
      case 'accessChanged':
        sessions.cache.forgetEmployee(message.employeeId);
        hub.accessChanged(message.employeeId, {
          plantId: message.plantId,
          flags: new Set(permissionFlags.filter((f) => message.flags.includes(f))),
        });
        break;
    }
  });
  // Messages published while Redis was away are lost: the hub catches its clients up from the change log.
  const offReconnect = backplane.onReconnect?.(() => hub.resync());

  // Presence: the `connections` topic behind /connections, across every process.
  const presence = new Presence(db, backplane, fastify.log, { nodeId, ...opts.presence });
  hub.onConnect((info) => presence.connected(info));
  hub.onDisconnect((info) => presence.disconnected(info));
  fastify.addHook('onReady', () => presence.start());

  // preClose, not onClose: the HTTP server's close waits for open WebSockets, streams and held polls.
  fastify.addHook('preClose', async () => {
    unsubscribe();
    offReconnect?.();
    await hub.close();
    await presence.stop();
  });

  fastify.get('/healthz', async () => ({ ok: true, database: db.kind }));

  // The built client, with every unknown non-API path answered by index.html (client-side routes).
  const index = join(config.clientDir, 'index.html');
  if (existsSync(index)) {
    await fastify.register(fastifyStatic, { root: config.clientDir, wildcard: false, index: 'index.html' });
    fastify.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/hub')) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.code(404).send({ message: `Nothing at ${req.method} ${req.url.split('?')[0]}` });
    });
  } else {
    fastify.get('/', async (_req, reply) =>
      reply
        .type('text/html')
        .send(
          '<p>The client is not built. Run <code>npm start</code> (it builds it) or <code>npm run build</code>.</p>',
        ),
    );
  }
  return { fastify, registry, sessions, backplane, hub, ops, kpi, jobs };
}
