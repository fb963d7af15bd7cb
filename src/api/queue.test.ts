import { ungzip } from 'pako';
import { describe, expect, it } from 'vitest';
import { WireConstants } from '../../domain/contract/wire';
import { ApiError, PostFailure } from './errors';
import { envelopeResponse, jsonResponse, makeClient, rejectionOf } from './testing';

const transmissionInfoJSON = JSON.stringify({
  DeviceOS: 'TestOS',
  DeviceType: 'web',
  PlantID: 6,
  EmployeeID: 42,
});

/** Text gzip cannot shrink much (a fixed pseudo-random sequence), so the batch needs several chunks. */
function noisyText(length: number, seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let state = seed;
  let text = '';
  for (let i = 0; i < length; i += 1) {
    // xorshift32: its low bits are as random as the high ones.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    text += alphabet[state & 63];
  }
  return text;
}

/** What the server does with CompressedPosts: join, base64-decode, gunzip, parse. */
function decodeChunks(chunks: string[]): unknown {
  const bytes = Buffer.from(chunks.join(''), 'base64');
  return JSON.parse(new TextDecoder().decode(ungzip(bytes)));
}

describe('one queued post', () => {
  it('POSTs to its own path with the transport fields, PostQueueEmpty and PostID', async () => {
    const t = makeClient(() => envelopeResponse({ result: null }));
    const result = await t.client.sendQueuedPosts(
      [
        {
          postId: 'p-1',
          path: 'web/UpdateEmployee',
          body: { EmployeeID: 42, FieldName: 'Language', Value: 'es' },
        },
      ],
      true,
    );
    expect(result).toEqual({ appliedPostIds: ['p-1'] });
    const request = t.requests[0];
    expect(request?.url).toBe('/api/web/UpdateEmployee');
    expect(request?.method).toBe('POST');
    expect(request?.headers.Authorization).toBe('tok-abc');
    expect(request?.json).toEqual({
      EmployeeID: 42,
      FieldName: 'Language',
      Value: 'es',
      TransmissionInfoJSON: transmissionInfoJSON,
      Token: 'tok-abc',
      Interface: 'pm',
      PostQueueEmpty: true,
      PostID: 'p-1',
    });
  });

  it('sends PostQueueEmpty false when more posts wait', async () => {
    const t = makeClient(() => envelopeResponse({ result: null }));
    await t.client.sendQueuedPosts([{ postId: 'p-2', path: 'web/UpdateEmployee', body: {} }], false);
    expect(t.requests[0]?.json?.PostQueueEmpty).toBe(false);
    expect(t.requests[0]?.json?.PostID).toBe('p-2');
  });

  it.each([
    [{ Error: true, Message: 'Value for Language must be one of: en, es' }, 'error'],
    [{ Sorry: true, Message: 'The employee was deleted' }, 'sorry'],
    [{ Silent: true, Message: 'already applied' }, 'silent'],
  ] as const)('rejects a refusing envelope %j with PostFailure and shows nothing', async (fields, kind) => {
    const t = makeClient(() => envelopeResponse(fields));
    const error = await rejectionOf(
      t.client.sendQueuedPosts([{ postId: 'p-1', path: 'web/UpdateEmployee', body: {} }], true),
    );
    expect(error).toBeInstanceOf(PostFailure);
    expect(error).toMatchObject({ message: fields.Message, appliedPostIds: [], kind, failedPostId: 'p-1' });
    expect(t.shown).toEqual([]);
  });

  it('rejects an HTTP failure and a network failure without an alert', async () => {
    const http = makeClient(() => jsonResponse({ Message: 'Internal error' }, { status: 500 }));
    const httpError = await rejectionOf(
      http.client.sendQueuedPosts([{ postId: 'p', path: 'web/X', body: {} }], true),
    );
    expect(httpError).toBeInstanceOf(ApiError);
    expect(httpError).toMatchObject({ kind: 'http', status: 500, message: 'Internal error' });
    expect(http.shown).toEqual([]);

    const offline = makeClient(() => Promise.reject(new TypeError('Failed to fetch')));
    const offlineError = await rejectionOf(
      offline.client.sendQueuedPosts([{ postId: 'p', path: 'web/X', body: {} }], true),
    );
    expect(offlineError).toMatchObject({ kind: 'network' });
    expect(offline.shown).toEqual([]);
    expect(offline.loading.getSnapshot()).toBe(false);
  });

  it('sends nothing for an empty list', async () => {
    const t = makeClient(() => envelopeResponse());
    await expect(t.client.sendQueuedPosts([], true)).resolves.toEqual({ appliedPostIds: [] });
    expect(t.requests).toHaveLength(0);
  });
});

describe('several queued posts (web/PostQueueBatch)', () => {
  const posts = [
    {
      postId: 'p-1',
      path: 'web/UpdateEmployee',
      body: { EmployeeID: 42, FieldName: 'Title', Value: noisyText(30000, 1) },
    },
    {
      postId: 'p-2',
      path: 'web/UpdateEmployee',
      body: { EmployeeID: 42, FieldName: 'Language', Value: 'es' },
    },
    {
      postId: 'p-3',
      path: 'web/RecordPageView',
      body: { RouteName: 'Home', Path: '/', Note: noisyText(30000, 2) },
    },
  ];

  const applied = (ids: string[]) =>
    envelopeResponse({
      result: ids.map((id, i) => ({ Path: posts[i]?.path, PostID: id, Status: 'applied', Envelope: null })),
    });

  it('gzips, base64-encodes and chunks [{Path, Body}] with PostID and PostQueueEmpty on the last only', async () => {
    const t = makeClient(() => applied(['p-1', 'p-2', 'p-3']));
    const result = await t.client.sendQueuedPosts(posts, true);
    expect(result).toEqual({ appliedPostIds: ['p-1', 'p-2', 'p-3'] });

    const request = t.requests[0];
    expect(request?.url).toBe('/api/web/PostQueueBatch');
    expect(request?.method).toBe('POST');
    expect(request?.headers.Authorization).toBe('tok-abc');
    expect(request?.json?.PostQueueEmpty).toBe(true);
    expect(request?.json?.TransmissionInfoJSON).toBe(transmissionInfoJSON);
    expect(request?.json?.Token).toBe('tok-abc');
    expect(request?.json?.Interface).toBe('pm');
    expect(Object.keys(request?.json ?? {}).sort()).toEqual([
      'CompressedPosts',
      'Interface',
      'PostQueueEmpty',
      'Token',
      'TransmissionInfoJSON',
    ]);

    const chunks = request?.json?.CompressedPosts as string[];
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(32768);
    expect(WireConstants.gzipChunkSize).toBe(32768);
    expect(chunks[0]?.length).toBe(32768);

    expect(decodeChunks(chunks)).toEqual([
      { Path: 'web/UpdateEmployee', Body: { ...posts[0]?.body, PostID: 'p-1', PostQueueEmpty: false } },
      { Path: 'web/UpdateEmployee', Body: { ...posts[1]?.body, PostID: 'p-2', PostQueueEmpty: false } },
      { Path: 'web/RecordPageView', Body: { ...posts[2]?.body, PostID: 'p-3', PostQueueEmpty: true } },
    ]);
  });

  it('marks no post PostQueueEmpty when more posts wait', async () => {
    const t = makeClient(() => applied(['p-1', 'p-2']));
    await t.client.sendQueuedPosts(posts.slice(0, 2), false);
    const json = t.requests[0]?.json;
    expect(json?.PostQueueEmpty).toBe(false);
    const items = decodeChunks(json?.CompressedPosts as string[]) as Array<{
      Body: { PostQueueEmpty: boolean };
    }>;
    expect(items.map((item) => item.Body.PostQueueEmpty)).toEqual([false, false]);
  });

  it('rejects with PostFailure carrying the failed Message and the applied post ids, without an alert', async () => {
    const t = makeClient(() =>
      envelopeResponse({
        result: [
          { Path: 'web/UpdateEmployee', PostID: 'p-1', Status: 'applied', Envelope: null },
          {
            Path: 'web/UpdateEmployee',
            PostID: 'p-2',
            Status: 'failed',
            Envelope: {
              Error: true,
              Sorry: false,
              Silent: false,
              Message: 'Value for Language must be one of: en, es',
            },
          },
          { Path: 'web/RecordPageView', PostID: 'p-3', Status: 'skipped', Envelope: null },
        ],
      }),
    );
    const error = await rejectionOf(t.client.sendQueuedPosts(posts, true));
    expect(error).toBeInstanceOf(PostFailure);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: 'Value for Language must be one of: en, es',
      appliedPostIds: ['p-1'],
      failedPostId: 'p-2',
      kind: 'error',
    });
    expect(t.shown).toEqual([]);
  });

  it('rejects when the batch envelope itself refuses', async () => {
    const t = makeClient(() =>
      envelopeResponse({ Error: true, Message: 'CompressedPosts is not valid gzip' }),
    );
    const error = await rejectionOf(t.client.sendQueuedPosts(posts, true));
    expect(error).toBeInstanceOf(PostFailure);
    expect(error).toMatchObject({ message: 'CompressedPosts is not valid gzip', appliedPostIds: [] });
    expect(t.shown).toEqual([]);
  });

  it('does not report a post the server left out as applied', async () => {
    const t = makeClient(() => applied(['p-1', 'p-2']));
    const error = await rejectionOf(t.client.sendQueuedPosts(posts, true));
    expect(error).toBeInstanceOf(PostFailure);
    expect(error).toMatchObject({ appliedPostIds: ['p-1', 'p-2'], failedPostId: 'p-3' });
  });
});
