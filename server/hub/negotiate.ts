import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../rpc/registry';
import { Connection } from './connection';
import { interfaceOf, presentedToken, queryOf } from './request';
import { newConnectionId, signToken } from './tokens';
import type { ResolvedHubOptions } from './types';

/** Every transport, with the transfer formats of the spec's example (JSON needs only Text). */
export const availableTransports = [
  { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
] as const;

/** What negotiate needs from the hub. */
export interface NegotiateHost {
  readonly options: ResolvedHubOptions;
  authenticateRequest(token: string): Promise<{ user: AuthUser } | { status: 401 | 503; text: string }>;
  add(conn: Connection): void;
  asHost(): Connection['host'];
}

/**
 * POST /hub/negotiate (negotiate version 1). A present but bad token is a 401 (the client's start fails
 * and the app logs in again); no token at all is an anonymous connection that may follow public topics
 * only (unattended TV screens). Never a `ProtocolVersion` field: the client would take us for the old
 * ASP.NET SignalR.
 */
export async function negotiate(host: NegotiateHost, req: FastifyRequest, reply: FastifyReply) {
  const { query } = queryOf(req.url);
  reply.header('Cache-Control', 'no-store');
  const requested = Number(query.get('negotiateVersion') ?? '0');
  if (!(requested >= 1)) {
    // The spec: a client asking for less than the server's minimum gets an error it shows.
    return reply.send({
      error: 'This server needs negotiate version 1 or later: update the SignalR client.',
    });
  }
  const token = presentedToken(req.headers, query);
  let user: AuthUser | null = null;
  if (token !== null) {
    const outcome = await host.authenticateRequest(token);
    if ('status' in outcome) {
      if (outcome.status === 401) reply.raw.statusMessage = outcome.text;
      return reply.code(outcome.status).send({ error: outcome.text });
    }
    user = outcome.user;
  }
  const { options } = host;
  const connectionId = newConnectionId();
  const tokenExpiresAt = Date.now() + options.disconnectAfterMs;
  const iface = interfaceOf(query);
  const connectionToken = signToken(options.secret, {
    connectionId,
    employeeId: user?.employeeId ?? null,
    sessionId: user?.sessionId ?? null,
    iface,
    expiresAt: tokenExpiresAt,
  });
  host.add(
    new Connection(host.asHost(), {
      id: connectionId,
      token: connectionToken,
      user,
      employeeId: user?.employeeId ?? null,
      sessionId: user?.sessionId ?? null,
      iface,
      tokenExpiresAt,
    }),
  );
  return reply.send({ connectionId, connectionToken, negotiateVersion: 1, availableTransports });
}
