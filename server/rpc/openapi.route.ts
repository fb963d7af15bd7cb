import type { FastifyInstance } from 'fastify';
import type { Access } from '../../domain/contract/call';
import { EXPIRED_401_TEXT, Headers } from '../../domain/contract/wire';
import { failureEnvelope } from './envelope';
import { Unauthorized } from './errors';
import { buildOpenApi, type OpenApiDocument } from './openapi';
import { accessProblem, type CallRegistry } from './registry';
import type { Authenticator } from './rpc.plugin';

/**
 * Who may read /api/openapi.json: the administrators who may open /apibrowser (the same flags as
 * /screenviewer). The document holds no data and no secret, but it is the complete map of the API with
 * the flags each call needs, including every administrator call: handing that to anyone who asks makes
 * probing cheaper and helps no legitimate user, who works through the screens. Integrators get an
 * administrator account (or a copy from one).
 */
export const openApiAccess: Access = {
  anyOf: ['superAdministrator', 'mesAdministrator', 'informationTechnology'],
};

/**
 * GET /api/openapi.json. A static route: Fastify's router prefers it to the `/api/*` wildcard that
 * serves the calls, whatever the registration order. The document is built on the first request, when
 * every area has registered its calls, and kept (the registry does not change after start-up).
 */
export function registerOpenApiRoute(
  app: FastifyInstance,
  registry: CallRegistry,
  auth: Authenticator,
  version: string,
): void {
  let document: OpenApiDocument | null = null;
  app.get('/api/openapi.json', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const query = req.query as Record<string, unknown>;
    const token =
      String(req.headers.authorization ?? '')
        .replace(/^Bearer\s+/i, '')
        .trim() || (typeof query.Token === 'string' ? query.Token : '');
    const headerId = String(req.headers[Headers.employeeId.toLowerCase()] ?? '').trim();
    let problem: string | null;
    try {
      const user = token
        ? await auth.authenticate(token, /^\d+$/.test(headerId) ? Number(headerId) : null)
        : null;
      problem = accessProblem(openApiAccess, user);
    } catch (error) {
      if (!(error instanceof Unauthorized)) throw error;
      reply.raw.statusMessage = error.statusText;
      return reply.code(401).send(failureEnvelope('error', error.statusText));
    }
    if (problem === 'login') {
      reply.raw.statusMessage = EXPIRED_401_TEXT;
      return reply.code(401).send(failureEnvelope('error', EXPIRED_401_TEXT));
    }
    if (problem) return reply.code(403).send(failureEnvelope('error', problem));
    document ??= buildOpenApi(
      registry.all().map((e) => e.call),
      { version },
    );
    return reply.type('application/json').send(document);
  });
}
