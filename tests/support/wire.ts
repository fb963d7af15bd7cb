import { gunzipSync } from 'node:zlib';
import type { Envelope } from '../../domain/contract/wire';
import type { UserRecord } from '../../domain/platform/session';

/**
 * A deliberately plain client of the wire contract for the integration tests: it builds the exact
 * query, body and headers of spec 000 §7.1 by hand, so the tests check the server against the spec and
 * not against our own client library.
 */
export interface Reply<T = unknown> {
  status: number;
  statusText: string;
  envelope: Envelope;
  result: T;
  headers: Headers;
}

export interface Caller {
  token?: string | null;
  employeeId?: number | null;
  headers?: Record<string, string>;
}

const transmission = (employeeId: number | null | undefined) =>
  JSON.stringify({ DeviceOS: 'test', DeviceType: 'web', PlantID: 1, EmployeeID: employeeId ?? null });

function headersFor(who: Caller): Record<string, string> {
  return {
    Compression: 'false',
    'Cache-Control': 'no-cache',
    ...(who.employeeId != null ? { EmployeeID: String(who.employeeId) } : {}),
    ...(who.token ? { Authorization: who.token } : {}),
    ...who.headers,
  };
}

export function decodeResult(envelope: Envelope): unknown {
  const text = envelope.ResultCompressed
    ? gunzipSync(Buffer.from(envelope.ResultJSON, 'base64')).toString('utf8')
    : envelope.ResultJSON;
  return JSON.parse(text || 'null');
}

async function finish<T>(res: Response): Promise<Reply<T>> {
  const text = await res.text();
  let envelope: Envelope;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    throw new Error(`Not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
  return {
    status: res.status,
    statusText: res.statusText,
    envelope,
    result: (envelope.ResultJSON !== undefined ? decodeResult(envelope) : undefined) as T,
    headers: res.headers,
  };
}

export function wire(base: string) {
  return {
    async get<T = unknown>(
      path: string,
      values: Record<string, unknown> = {},
      who: Caller = {},
    ): Promise<Reply<T>> {
      const q = new URLSearchParams({
        TransmissionInfoJSON: transmission(who.employeeId),
        Token: who.token ?? '',
        Interface: 'pm',
      });
      for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null) q.set(k, String(v));
      // Token travels in the query too (the GET contract); the header is what most calls use.
      return finish<T>(await fetch(`${base}${path}?${q}`, { headers: headersFor(who) }));
    },
    async post<T = unknown>(
      path: string,
      payload: Record<string, unknown> = {},
      who: Caller = {},
    ): Promise<Reply<T>> {
      const body = {
        TransmissionInfoJSON: transmission(who.employeeId),
        Token: who.token ?? '',
        Interface: 'pm',
        ...payload,
      };
      return finish<T>(
        await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headersFor(who) },
          body: JSON.stringify(body),
        }),
      );
    },
    async raw(path: string, init: RequestInit & { who?: Caller } = {}): Promise<Response> {
      return fetch(`${base}${path}`, {
        ...init,
        headers: { ...headersFor(init.who ?? {}), ...(init.headers as Record<string, string>) },
      });
    },
    async login(
      userName: string,
      password = userName,
    ): Promise<{ token: string; employeeId: number; user: UserRecord }> {
      const reply = await this.post<UserRecord>('web/Login', { UserName: userName, Password: password });
      if (reply.envelope.Error) throw new Error(`login ${userName}: ${reply.envelope.Message}`);
      return { token: reply.result.TokenID, employeeId: reply.result.EmployeeID, user: reply.result };
    },
  };
}
export type Wire = ReturnType<typeof wire>;

/**
 * A fingerprint of every platform table's contents: equal before and after means no row changed.
 * Used by the bad-input tests ("an Error envelope, and no row changed").
 */
export async function fingerprint(db: { query<T>(sql: string): Promise<T[]> }): Promise<string> {
  const tables = [
    'plants',
    'employees',
    'employee_secure_reports',
    'credentials',
    'sessions',
    'translations',
    'help_links',
    'page_views',
    'client_errors',
    'dismissed_tips',
    'stored_files',
    'applied_posts',
    'change_log',
    'topic_heads',
  ];
  const parts: string[] = [];
  for (const t of tables) {
    const [row] = await db.query<{ h: string | null }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x`,
    );
    parts.push(`${t}:${row?.h}`);
  }
  return parts.join(' ');
}
