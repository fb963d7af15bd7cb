import { expect } from 'vitest';
import type { ChangeItem } from '../../domain/live/changes';
import { expectRefused } from './refusals';
import type { Wire } from './wire';

/** A logged-in caller, as `Wire.login` answers it. */
export interface Caller {
  token: string;
  employeeId: number;
}

/**
 * The calls an integration test makes over and over, in one place: `get` and `post` that expect
 * success and answer the result, `refused` (a call that must be refused and change nothing, checked
 * by the area's table fingerprint) and `follow` (a topic's latest document per id, pulled from 0
 * without a login, in sequence with no gap). `api` and the default caller are read at each call: tests
 * set them in `beforeAll`.
 *
 * `who` undefined means the default caller (anonymous when there is none); null means no login.
 */
export function testCalls(options: {
  api: () => Wire;
  fingerprint?: () => Promise<string>;
  caller?: () => Caller | null;
}) {
  const as = (who: Caller | null | undefined) => (who === undefined ? (options.caller?.() ?? null) : who);
  const get = async <T>(path: string, values: Record<string, unknown>, who?: Caller | null) => {
    const reply = await options.api().get<T>(path, values, as(who) ?? {});
    expect(reply.envelope.Error || reply.envelope.Sorry, `${path}: ${reply.envelope.Message}`).toBe(false);
    return reply.result;
  };
  const post = async <T>(path: string, payload: Record<string, unknown>, who?: Caller | null) => {
    const reply = await options.api().post<T>(path, payload, as(who) ?? {});
    expect(reply.envelope.Error || reply.envelope.Sorry, `${path}: ${reply.envelope.Message}`).toBe(false);
    return reply.result;
  };
  const refused = (
    path: string,
    payload: Record<string, unknown>,
    who: Caller | null,
    message: string | RegExp,
    status = 200,
  ) => {
    if (!options.fingerprint) throw new Error('testCalls: refused needs a fingerprint');
    return expectRefused(
      options.fingerprint,
      () => options.api().post(path, payload, who ?? {}),
      message,
      status,
    );
  };
  async function follow(topic: string) {
    const docs = new Map<string, Record<string, unknown>>();
    let since = 0;
    for (;;) {
      const page = await get<{ documents: ChangeItem[]; latestSeq: number }>(
        'sync/Pull',
        { Topic: topic, Since: since, Limit: 1000 },
        null,
      );
      for (const d of page.documents) {
        expect(d.seq).toBe(since + 1);
        since = d.seq;
        if (d.doc === null) docs.delete(d.id);
        else docs.set(d.id, d.doc);
      }
      if (since >= page.latestSeq) return docs;
    }
  }
  return { get, post, refused, follow };
}
