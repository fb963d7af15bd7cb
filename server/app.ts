import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { authorizeTopic } from '../domain/live/topics';
import { registerAlgorithmCalls } from './areas/algorithms';
// TV painting, scoreboard and KPI boards (issue 7 parts 2-3).
import { boardsHook, registerBoardCalls } from './areas/boards/boards.routes';
import { registerCostingCalls } from './areas/costing';
import { registerCuringCalls } from './areas/curing/curing.routes';
import { CuringService } from './areas/curing/curing.service';
import { registerMaintenanceCalls } from './areas/maintenance/maintenance.routes';
import { MaintenanceService } from './areas/maintenance/maintenance.service';
import { registerOrderCalls } from './areas/orders/orders.routes';
import { registerPaintingCalls } from './areas/painting/painting.routes';
import { PaintingService } from './areas/painting/painting.service';
import { registerPayrollCalls } from './areas/payroll/payroll.routes';
import { PayrollService } from './areas/payroll/payroll.service';
import { LoginLimiter } from './areas/platform/login-limiter';
import { registerPlatformCalls } from './areas/platform/platform.routes';
import { Presence, type PresenceOptions } from './areas/platform/presence';
import { SessionService } from './areas/platform/session.service';
import { registerShellCalls } from './areas/platform/shell.routes';
import { registerMachineCalls } from './areas/production-plan/machines.routes';
import { registerProductionPlanCalls } from './areas/production-plan/plan.routes';
import { PlanService } from './areas/production-plan/plan.service';
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
import { latestSeqs } from './feed/feed.service';
import { Hub, type HubAppOptions, originPolicy } from './hub';
import { loggerOptions } from './log';
import { clientErrorHandler } from './rpc/client-error';
import { CallRegistry } from './rpc/registry';
import { Limits, rpcPlugin } from './rpc/rpc.plugin';

export interface App {
  fastify: FastifyInstance;
  registry: CallRegistry;
  sessions: SessionService;
  /** Committed changes, logouts and disabled employees, to every server process (server/feed). */
  backplane: Backplane;
  /** The SignalR hub at /hub (server/hub): deliver changes, close a session's or an employee's connections. */
  hub: Hub;
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
  } & FeedOptions &
    HubAppOptions = {},
): Promise<App> {
  const fastify = Fastify({
    logger:
      opts.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    trustProxy: true,
    bodyLimit: Limits.jsonBody,
    // On shutdown, end every socket: a connection that never sent a request (a browser's pre-opened
    // one, or fetch's after an aborted long poll) would otherwise hold close() for headersTimeout (60 s).
    forceCloseConnections: true,
    // A request Node's parser refuses (a GET query over 16 KB) answers an envelope, not a bare 431.
    clientErrorHandler,
  });

  // External plugins.
  await fastify.register(multipart, { limits: { fileSize: Limits.uploadFile, files: Limits.uploadFiles } });

  // Areas register their calls; the pipeline serves them.
  const registry = new CallRegistry();
  const sessions = new SessionService(
    db,
    { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionMaxHours },
    new LoginLimiter(),
  );
  const { backplane } = startFeed(fastify, db, config, opts);
  registerPlatformCalls(registry, sessions, backplane);
  registerFeedCalls(registry);
  registerShellCalls(registry);
  registerOrderCalls(registry);
  // Scheduling runs the plan area's algorithm for a task (on the task's machine and pieces), and hears
  // plan operation changes inside the plan call's transaction so the tasks follow.
  const rateSources = opts.rateSources ?? areaRateSources;
  const planReader = new PlanService(rateSources);
  const scheduling = new SchedulingService((tx, operationId, override) =>
    planReader.previewAlgorithm(tx, operationId, override),
  );
  registerProductionPlanCalls(registry, rateSources, {
    operationsChanged: (w, changes) => scheduling.operationsChanged(w, changes),
  });
  registerSchedulingCalls(registry, scheduling);
  // The boards' documents (bay:, kpi:, painting:) are republished by every shop-floor write.
  const painting = new PaintingService();
  registerShopfloorCalls(registry, new ShopfloorService(undefined, boardsHook(painting)));
  registerPaintingCalls(registry, painting);
  registerBoardCalls(registry);
  registerQualityCheckCalls(registry, new QualityChecksService());
  registerPayrollCalls(registry, new PayrollService());
  registerTimeclockCalls(registry, new TimeclockService());
  registerTvCalls(registry);
  registerMaintenanceCalls(registry, new MaintenanceService());
  registerCuringCalls(registry, new CuringService());
  registerCostingCalls(registry);
  registerMachineCalls(registry);
  registerAlgorithmCalls(registry);
  await fastify.register(rpcPlugin, { db, registry, auth: sessions, backplane });

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
    log: fastify.log,
  });
  await hub.register(fastify);

  // Every process hears every committed change, logout and disabled employee (in-process, or Redis
  // across processes) and passes them to the connections it holds.
  const unsubscribe = backplane.subscribe((message) => {
    if (message.kind === 'changes') hub.deliver(message.changes);
    else if (message.kind === 'closeSession') hub.closeSession(message.sessionId, 'You have logged out.');
    else hub.closeEmployee(message.employeeId, 'Your account was disabled.');
  });

  // Presence: the `connections` topic behind /connections, across every process.
  const presence = new Presence(db, backplane, fastify.log, { nodeId, ...opts.presence });
  hub.onConnect((info) => presence.connected(info));
  hub.onDisconnect((info) => presence.disconnected(info));
  fastify.addHook('onReady', () => presence.start());

  // preClose, not onClose: the HTTP server's close waits for open WebSockets, streams and held polls.
  fastify.addHook('preClose', async () => {
    unsubscribe();
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
  return { fastify, registry, sessions, backplane, hub };
}
