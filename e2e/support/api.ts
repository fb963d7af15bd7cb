import { type APIRequestContext, expect } from '@playwright/test';

/** A session made straight over the API: another user acting beside the browser under test. */
export interface ApiSession {
  TokenID: string;
  EmployeeID: number;
}

const transport = { TransmissionInfoJSON: '{}', Interface: 'manufacturingApp' };

export async function apiLogin(request: APIRequestContext, user: string): Promise<ApiSession> {
  const res = await request.post('/api/web/Login', {
    data: { UserName: user, Password: user, ...transport },
  });
  expect(res.status()).toBe(200);
  return JSON.parse((await res.json()).ResultJSON) as ApiSession;
}

/** One call as `who`, expected to succeed; answers its result. */
export async function call<T>(
  request: APIRequestContext,
  who: ApiSession,
  method: 'GET' | 'POST',
  path: string,
  payload: Record<string, unknown>,
): Promise<T> {
  const headers = { Authorization: who.TokenID, EmployeeID: String(who.EmployeeID), Compression: 'false' };
  const res =
    method === 'GET'
      ? await request.get(
          `/api/${path}?${new URLSearchParams({ ...transport, ...payload } as Record<string, string>)}`,
          {
            headers,
          },
        )
      : await request.post(`/api/${path}`, { headers, data: { ...transport, ...payload } });
  const body = await res.json();
  expect(body.Error || body.Sorry, `${path}: ${body.Message}`).toBe(false);
  return JSON.parse(body.ResultJSON) as T;
}
