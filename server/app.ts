import { existsSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { LoginLimiter } from './areas/platform/login-limiter';
import { registerPlatformCalls } from './areas/platform/platform.routes';
import { SessionService } from './areas/platform/session.service';
import type { Config } from './config';
import type { Database } from './db/database';
import { loggerOptions } from './log';
import { CallRegistry } from './rpc/registry';
import { Limits, rpcPlugin } from './rpc/rpc.plugin';

export interface App {
  fastify: FastifyInstance;
  registry: CallRegistry;
  sessions: SessionService;
}

/**
 * Builds the server in the order fastify/demo recommends: external plugins, then the app's own
 * (the call pipeline), then each area's calls. No listening and no database opening here, so tests
 * build as many apps as they like.
 */
export async function buildApp(db: Database, config: Config, opts: { logger?: boolean } = {}): Promise<App> {
  const fastify = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel),
    trustProxy: true,
    bodyLimit: Limits.jsonBody,
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
  registerPlatformCalls(registry, sessions);
  await fastify.register(rpcPlugin, { db, registry, auth: sessions });

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
  return { fastify, registry, sessions };
}
