export { deferred } from '../../tests/support/fixtures';

/**
 * Test support for the request layer: a fake `fetch` that records every request and a client wired to
 * recording ui hooks. Used by the unit tests in this folder; app code never imports it.
 */
import type { Envelope } from '../../domain/contract/wire';
import { type ApiClient, type ApiClientOptions, type ApiSession, createApiClient } from './client';
import { createLoadingStore, type LoadingStore } from './loading';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  /** The raw body (string, FormData or undefined). */
  body: unknown;
  /** The body parsed as JSON when it is a string. */
  json: Record<string, unknown> | undefined;
  /** The query parameters of the URL. */
  query: URLSearchParams;
}

export type Responder = (request: RecordedRequest, index: number) => Response | Promise<Response>;

export function fakeFetch(responder: Responder): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const body = init.body ?? undefined;
    const request: RecordedRequest = {
      url,
      method: init.method ?? 'GET',
      headers,
      credentials: init.credentials,
      body,
      json: typeof body === 'string' ? (JSON.parse(body) as Record<string, unknown>) : undefined,
      query: new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''),
    };
    requests.push(request);
    return responder(request, requests.length - 1);
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

/** An envelope with every flag off; `result` becomes ResultJSON text. */
export function envelope(fields: Partial<Envelope> & { result?: unknown } = {}): Envelope {
  const { result, ...rest } = fields;
  return {
    Sorry: false,
    Error: false,
    Silent: false,
    Message: '',
    ResultJSON: result === undefined ? '' : JSON.stringify(result),
    ResultCompressed: false,
    ReturnOrder: null,
    ...rest,
  };
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function envelopeResponse(
  fields: Partial<Envelope> & { result?: unknown } = {},
  init?: ResponseInit,
): Response {
  return jsonResponse(envelope(fields), init);
}

export const testSession: ApiSession = { EmployeeID: 42, TokenID: 'tok-abc', PlantID: 6 };

export interface Shown {
  hook: 'showError' | 'showWarning' | 'showSuccess';
  message: string;
}

export interface TestClient {
  client: ApiClient;
  requests: RecordedRequest[];
  /** Every ui hook call, in order. */
  shown: Shown[];
  unauthorized: Array<{ statusText: string; otherUser: boolean }>;
  logged: unknown[][];
  loading: LoadingStore;
}

export function makeClient(responder: Responder, overrides: Partial<ApiClientOptions> = {}): TestClient {
  const { fetch, requests } = fakeFetch(responder);
  const shown: Shown[] = [];
  const unauthorized: TestClient['unauthorized'] = [];
  const logged: unknown[][] = [];
  const loading = overrides.loading ?? createLoadingStore();
  const client = createApiClient({
    fetch,
    getSession: () => testSession,
    getInterface: () => 'pm',
    getConnectionId: () => 'conn-1',
    deviceOS: 'TestOS',
    ui: {
      showError: (message) => shown.push({ hook: 'showError', message }),
      showWarning: (message) => shown.push({ hook: 'showWarning', message }),
      showSuccess: (message) => shown.push({ hook: 'showSuccess', message }),
    },
    onUnauthorized: (statusText, otherUser) => unauthorized.push({ statusText, otherUser }),
    log: (...args) => logged.push(args),
    loading,
    ...overrides,
  });
  return { client, requests, shown, unauthorized, logged, loading };
}

/** The rejection of `promise` (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, but it resolved');
}
