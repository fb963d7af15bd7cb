import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What a connection token carries: enough to create the connection on any process that shares the
 * secret (a WebSocket may reach another process than the negotiate did), and nothing about a transport.
 */
export interface TokenPayload {
  /** Connection id (public). */
  connectionId: string;
  employeeId: number | null;
  sessionId: string | null;
  /** The `interface` query parameter of the negotiate. */
  iface: string | null;
  /** Ms since the epoch after which no process creates the connection from this token any more. */
  expiresAt: number;
}

interface Wire {
  c: string;
  e: number | null;
  s: string | null;
  i: string | null;
  x: number;
}

/** 128 random bits, URL-safe: the public connection id. */
export const newConnectionId = () => randomBytes(16).toString('base64url');

const mac = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest();

/**
 * base64url(JSON payload) + '.' + base64url(HMAC-SHA256): URL-safe, since the client appends it to the
 * URL as `id=` without encoding. A random nonce would add nothing: the connection id is already random.
 */
export function signToken(secret: Buffer, payload: TokenPayload): string {
  const wire: Wire = {
    c: payload.connectionId,
    e: payload.employeeId,
    s: payload.sessionId,
    i: payload.iface,
    x: payload.expiresAt,
  };
  const body = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/**
 * The payload of a token this secret signed, or null (bad shape or signature). Expiry is the caller's
 * business: a live connection keeps its token past `expiresAt`; only creating one from it stops.
 */
export function verifyToken(secret: Buffer, token: string): TokenPayload | null {
  if (token.length > 2048) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let wire: Partial<Wire>;
  try {
    wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Wire>;
  } catch {
    return null;
  }
  if (
    typeof wire.c !== 'string' ||
    typeof wire.x !== 'number' ||
    !(wire.e === null || typeof wire.e === 'number') ||
    !(wire.s === null || typeof wire.s === 'string') ||
    !(wire.i === null || typeof wire.i === 'string')
  ) {
    return null;
  }
  return { connectionId: wire.c, employeeId: wire.e, sessionId: wire.s, iface: wire.i, expiresAt: wire.x };
}
