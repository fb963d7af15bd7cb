import type { IncomingHttpHeaders } from 'node:http';

/**
 * The access token of a hub request: `Authorization: Bearer` (negotiate, long polling, POST, and the
 * WebSocket of a Node client), else the `access_token` query parameter (a browser's WebSocket and
 * EventSource cannot set headers). Never log what this returns.
 */
export function presentedToken(headers: IncomingHttpHeaders, query: URLSearchParams): string | null {
  const header = headers.authorization;
  if (typeof header === 'string' && header.trim() !== '') {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    return (match ? match[1]! : header).trim();
  }
  const fromQuery = query.get('access_token');
  return fromQuery ? fromQuery : null;
}

/** The query of a raw request URL (Fastify's parsed query is not available on an upgrade). */
export function queryOf(url: string | undefined): { path: string; query: URLSearchParams } {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  return q === -1
    ? { path: raw, query: new URLSearchParams() }
    : { path: raw.slice(0, q), query: new URLSearchParams(raw.slice(q + 1)) };
}

/** The client's `interface` (pm, shop, tv...): a short name, or null. */
export function interfaceOf(query: URLSearchParams): string | null {
  const value = query.get('interface');
  return value && /^[A-Za-z0-9_.-]{1,40}$/.test(value) ? value : null;
}
