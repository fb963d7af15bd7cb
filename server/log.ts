import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Tokens must never reach a log line (brief §4.4; signalr-notes: redact access_token). Request URLs
 * carry the session token in `Token` (GET contract) and, from the hub on, `access_token` and the
 * connection token `id`: their values are replaced before anything is logged.
 *
 * Each parameter's name is compared after percent-decoding, as the server's query parser reads it:
 * a pattern over the raw text let `%54oken=` and `access%5Ftoken=` through with the token in clear.
 * A name that does not decode, or that ends in brackets (`Token[]`), is compared as the parser might
 * read it too.
 */
const secretNames = new Set(['token', 'access_token', 'id', 'password']);

function decodedName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Malformed escapes: decode what can be decoded, one escape at a time.
    name = name.replace(/%[0-9a-f]{2}/gi, (e) => String.fromCharCode(Number.parseInt(e.slice(1), 16)));
  }
  return name
    .trim()
    .replace(/(\[[^\]]*\])+$/, '')
    .toLowerCase();
}

export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const end = hash === -1 ? url.length : hash;
  const q = url.indexOf('?');
  if (q === -1 || q > end) return url;
  const query = url
    .slice(q + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && secretNames.has(decodedName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${query}${url.slice(end)}`;
}

export const loggerOptions = (level: string) => ({
  level,
  redact: {
    paths: ['req.headers.authorization', 'headers.authorization', '*.Token', '*.Password'],
    censor: '[redacted]',
  },
  serializers: {
    req(req: { method: string; url: string; ip?: string }) {
      return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip };
    },
  },
});

/**
 * Per-request lines at debug, not info (issue 15): at info a short session wrote 14,132 "incoming
 * request"/"request completed" lines, burying the lines someone must read. Failures keep their level:
 * a request that errored and a 5xx stay at error; a 4xx (the caller's mistake, already answered with
 * an envelope) and an unknown route drop to debug with the rest.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, error?.message);
    else reply.log.debug({ res: reply, err: error }, error?.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.method}:${redactUrl(request.url)} not found`);
  }
}
