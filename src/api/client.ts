import type { CallDef, PayloadOf, ResultOf } from '../../domain/contract/call';
import { describeZodError } from '../../domain/contract/errors';
import {
  type Envelope,
  OTHER_USER_401_TEXT,
  type TransmissionInfo,
  transportFields,
  WireConstants,
  Headers as WireHeaders,
} from '../../domain/contract/wire';
import { GetEmployeePhoto } from '../../domain/platform/employees';
import {
  DownloadFile,
  PostQueueBatch,
  type QueuedPostItem,
  type StoredFile,
  UploadFiles,
} from '../../domain/platform/files';
import { decodeResultJSON, fileNameFromContentDisposition, gzipBase64Chunks } from './codec';
import { ApiError, PostFailure, type PostFailureKind } from './errors';
import { createLoadingStore, type LoadingStore } from './loading';

/** Shown when `fetch` itself fails (no answer at all). */
export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check the connection and try again.';
/** Rejection message of an answer that a newer request of the same path has overtaken. */
export const OUT_OF_ORDER_MESSAGE = 'out of order response';
/** Shown when a failed download answers something without a readable message. */
export const UNPARSABLE_ERROR_MESSAGE = 'Unable to parse error response';

/** The part of the logged-in user the request layer needs. */
export interface ApiSession {
  EmployeeID: number;
  TokenID: string;
  PlantID: number;
}

/** The alerts and toasts the request layer shows. */
export interface ApiUi {
  showError(message: string): void;
  showWarning(message: string): void;
  showSuccess(message: string): void;
}

export interface ApiClientOptions {
  /** API base every path is relative to; default `/api/` (a missing final slash is added). */
  base?: string;
  /** Default: the global `fetch`, looked up at call time. */
  fetch?: typeof fetch;
  getSession(): ApiSession | null;
  getInterface(): string;
  /** The real-time connection id, or null before the hub connected. */
  getConnectionId(): string | null;
  /** Sent in the `Compression` header: may the server gzip ResultJSON. Default true. */
  compression?: boolean;
  /** DeviceOS of TransmissionInfoJSON; default: guessed from the user agent. */
  deviceOS?: string;
  ui: ApiUi;
  /** 401: the session layer clears the user (all of it unless `otherUser`) and shows `statusText`. */
  onUnauthorized(statusText: string, otherUser: boolean): void;
  /** Default: a new store, available as `client.loading`. */
  loading?: LoadingStore;
  /** Where refused calls and transport failures are logged; default `console.warn`. */
  log?: (...args: unknown[]) => void;
}

/** A parsed answer: the result and the envelope's Message. */
export interface ApiResult<T> {
  data: T;
  message: string;
}

export interface RequestOptions {
  /** Send the per-path ReturnOrder counter and reject an answer that a newer request has overtaken. */
  returnOrder?: boolean;
  /** POST as `text/plain` with the `BigPost: true` header. */
  bigPost?: boolean;
  /** Default: the call's own method. */
  method?: 'GET' | 'POST';
  /**
   * The screen shows a failure in place (the login form, a plan that does not exist): no alert, so the
   * person reads the error once. The failure is still logged and rejected with its message.
   */
  inline?: boolean;
}

/** A post waiting in the post queue: the call's path and the validated payload (see `queuedPostBody`). */
export interface QueuedPost {
  postId: string;
  path: string;
  body: Record<string, unknown>;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface ApiClient {
  /** The pending-request count behind the loading indicator. */
  readonly loading: LoadingStore;
  /** Any envelope call by its own method (or `opts.method`); resolves to the result and the Message. */
  request<C extends CallDef>(
    call: C,
    payload: PayloadOf<C>,
    opts?: RequestOptions,
  ): Promise<ApiResult<ResultOf<C>>>;
  get<C extends CallDef>(
    call: C,
    payload: PayloadOf<C>,
    opts?: { returnOrder?: boolean; inline?: boolean },
  ): Promise<ResultOf<C>>;
  post<C extends CallDef>(call: C, payload: PayloadOf<C>, opts?: { inline?: boolean }): Promise<ResultOf<C>>;
  bigPost<C extends CallDef>(call: C, payload: PayloadOf<C>): Promise<ResultOf<C>>;
  upload(files: readonly (File | Blob)[], extra?: Record<string, string>): Promise<StoredFile[]>;
  /**
   * `call`: another file call taking `{FileID}` (a kit record's file: web/DownloadDocumentFile); `quiet`:
   * no success toast (a preview is not a download).
   */
  download(
    fileId: string,
    opts?: { method?: 'GET' | 'POST'; call?: CallDef; quiet?: boolean },
  ): Promise<DownloadedFile>;
  /** A call that answers a file (`response: 'file'`: a template, an export, a print), by GET. */
  downloadCall<C extends CallDef>(call: C, payload: PayloadOf<C>): Promise<DownloadedFile>;
  /** Sends queued posts (one request: one post alone, or several as a `web/PostQueueBatch`). Shows nothing. */
  sendQueuedPosts(
    posts: readonly QueuedPost[],
    postQueueEmpty: boolean,
  ): Promise<{ appliedPostIds: string[] }>;
  /** URL of the employee's photo, for `<img src>`. */
  photoUrl(employeeId: number): string;
  /** Validates `payload` (error alert and ApiError 'invalid' when it fails) and returns what to enqueue. */
  queuedPostBody<C extends CallDef>(
    call: C,
    payload: PayloadOf<C>,
  ): { path: string; body: Record<string, unknown> };
}

type Fields = { TransmissionInfoJSON: string; Token: string; Interface: string };

const transportFieldNames: ReadonlySet<string> = new Set(transportFields);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A query value: primitives as text, dates as ISO text, anything else as JSON; null/undefined are skipped. */
function queryValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

function toEnvelope(value: Record<string, unknown>): Envelope {
  return {
    Sorry: value.Sorry === true,
    Error: value.Error === true,
    Silent: value.Silent === true,
    Message: typeof value.Message === 'string' ? value.Message : '',
    ResultJSON: typeof value.ResultJSON === 'string' ? value.ResultJSON : '',
    ResultCompressed: value.ResultCompressed === true,
    ReturnOrder: typeof value.ReturnOrder === 'number' ? value.ReturnOrder : null,
  };
}

/** The refusal an envelope carries, if any (Error before Sorry before Silent). */
function refusalOf(envelope: unknown): { kind: PostFailureKind; message: string } | null {
  if (!isRecord(envelope)) return null;
  const kind: PostFailureKind | null =
    envelope.Error === true
      ? 'error'
      : envelope.Sorry === true
        ? 'sorry'
        : envelope.Silent === true
          ? 'silent'
          : null;
  if (!kind) return null;
  return { kind, message: nonEmptyString(envelope.Message) ?? 'The server refused the request' };
}

/** The message of a failed download: JSON `message`, `error` or `Message`, else {@link UNPARSABLE_ERROR_MESSAGE}. */
function downloadErrorMessage(text: string): string {
  const body = parseJson(text);
  if (!isRecord(body)) return UNPARSABLE_ERROR_MESSAGE;
  return (
    nonEmptyString(body.message) ??
    nonEmptyString(body.error) ??
    nonEmptyString(body.Message) ??
    UNPARSABLE_ERROR_MESSAGE
  );
}

function detectDeviceOS(): string {
  const ua = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent ?? '';
  if (/android/i.test(ua)) return 'Android';
  if (/iphone|ipad|ipod/i.test(ua)) return 'iOS';
  if (/windows/i.test(ua)) return 'Windows';
  if (/cros/i.test(ua)) return 'ChromeOS';
  if (/mac os x|macintosh/i.test(ua)) return 'macOS';
  if (/linux/i.test(ua)) return 'Linux';
  return 'unknown';
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const rawBase = options.base ?? '/api/';
  const base = rawBase.endsWith('/') ? rawBase : `${rawBase}/`;
  const ui = options.ui;
  const log = options.log ?? ((...args: unknown[]) => console.warn(...args));
  const loading = options.loading ?? createLoadingStore();
  const compression = options.compression ?? true;
  const deviceOS = options.deviceOS ?? detectDeviceOS();
  /** Latest ReturnOrder counter sent, per call path. */
  const returnOrders = new Map<string, number>();

  const doFetch = (url: string, init: RequestInit): Promise<Response> =>
    (options.fetch ?? globalThis.fetch)(url, { ...init, credentials: 'include' });

  /** The session (read once per request, so headers and fields agree) and the three transport fields. */
  function transport(): { session: ApiSession | null; fields: Fields } {
    const session = options.getSession();
    const info: TransmissionInfo = {
      DeviceOS: deviceOS,
      DeviceType: 'web',
      PlantID: session?.PlantID ?? null,
      EmployeeID: session?.EmployeeID ?? null,
    };
    return {
      session,
      fields: {
        TransmissionInfoJSON: JSON.stringify(info),
        Token: session?.TokenID ?? '',
        Interface: options.getInterface(),
      },
    };
  }

  function headers(session: ApiSession | null): Record<string, string> {
    return {
      [WireHeaders.compression]: compression ? 'true' : 'false',
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      [WireHeaders.employeeId]: session ? String(session.EmployeeID) : '',
      [WireHeaders.authorization]: session?.TokenID ?? '',
      [WireHeaders.connectionId]: options.getConnectionId() ?? '',
    };
  }

  function validate(call: CallDef, payload: unknown, quiet: boolean): void {
    const parsed = call.payload.safeParse(payload);
    if (parsed.success) return;
    const message = describeZodError(parsed.error);
    if (!quiet) ui.showError(message);
    throw new ApiError('invalid', message);
  }

  async function withLoading<T>(work: () => Promise<T>): Promise<T> {
    loading.start();
    try {
      return await work();
    } finally {
      loading.end();
    }
  }

  function networkFailure(path: string, cause: unknown, quiet: boolean): ApiError {
    if (!quiet) ui.showError(NETWORK_ERROR_MESSAGE);
    log('[api]', path, 'network failure', cause);
    return new ApiError('network', NETWORK_ERROR_MESSAGE);
  }

  /** Fetches; a thrown fetch is a network failure and a 401 goes to `onUnauthorized`. */
  async function fetchResponse(
    path: string,
    url: string,
    init: RequestInit,
    quiet: boolean,
  ): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (cause) {
      throw networkFailure(path, cause, quiet);
    }
    if (response.status === 401) {
      const statusText = response.statusText;
      options.onUnauthorized(statusText, statusText.includes(OTHER_USER_401_TEXT));
      throw new ApiError('unauthorized', statusText || 'Unauthorized', 401);
    }
    return response;
  }

  /** One envelope exchange: transport failures are handled here; the envelope's flags are the caller's. */
  function exchange(path: string, url: string, init: RequestInit, quiet: boolean): Promise<Envelope> {
    return withLoading(async () => {
      const response = await fetchResponse(path, url, init, quiet);
      let text: string;
      try {
        text = await response.text();
      } catch (cause) {
        throw networkFailure(path, cause, quiet);
      }
      if (!response.ok) {
        const body = parseJson(text);
        const message = isRecord(body)
          ? (nonEmptyString(body.Message) ?? nonEmptyString(body.message))
          : null;
        const shown = message ?? `The server answered ${response.status} ${response.statusText}`.trim();
        if (!quiet && !(isRecord(body) && message && body.Silent === true)) {
          if (message && isRecord(body) && body.Sorry === true) ui.showWarning(shown);
          else ui.showError(shown);
        }
        log('[api]', path, response.status, shown);
        throw new ApiError('http', shown, response.status);
      }
      if (text.length > WireConstants.largeResponseLogThreshold) {
        console.debug('[api] large response', path, text.length);
      }
      const body = parseJson(text);
      if (!isRecord(body)) {
        const message = `The server answered ${path} with something that is not a response envelope`;
        if (!quiet) ui.showError(message);
        log('[api]', path, message);
        throw new ApiError('http', message, response.status);
      }
      return toEnvelope(body);
    });
  }

  /** Applies the envelope flags, the ReturnOrder check and decodes the result. */
  async function settle<T>(
    path: string,
    envelope: Envelope,
    sentOrder: number | undefined,
    quiet: boolean,
  ): Promise<ApiResult<T>> {
    const message = envelope.Message || `The server refused ${path}`;
    if (envelope.Error) {
      if (!quiet) ui.showError(message);
      log('[api]', path, 'Error', message);
      throw new ApiError('error', message);
    }
    if (envelope.Sorry) {
      if (!quiet) ui.showWarning(message);
      log('[api]', path, 'Sorry', message);
      throw new ApiError('sorry', message);
    }
    if (envelope.Silent) throw new ApiError('silent', message);
    if (sentOrder !== undefined) {
      // A server that does not echo the counter is judged by the counter this request sent.
      const answered = envelope.ReturnOrder ?? sentOrder;
      if (answered !== returnOrders.get(path)) throw new ApiError('outOfOrder', OUT_OF_ORDER_MESSAGE);
    }
    let data: unknown;
    try {
      data = await decodeResultJSON(envelope);
    } catch (cause) {
      const text = `The server answered ${path} with a result that cannot be read`;
      if (!quiet) ui.showError(text);
      log('[api]', path, text, cause);
      throw new ApiError('http', text);
    }
    return { data: data as T, message: envelope.Message };
  }

  function jsonPost(session: ApiSession | null, body: unknown, big = false): RequestInit {
    const hdrs = headers(session);
    if (big) {
      hdrs['Content-Type'] = 'text/plain;charset=UTF-8';
      hdrs[WireHeaders.bigPost] = 'true';
    } else {
      hdrs['Content-Type'] = 'application/json';
    }
    return { method: 'POST', headers: hdrs, body: JSON.stringify(body) };
  }

  async function request<C extends CallDef>(
    call: C,
    payload: PayloadOf<C>,
    opts: RequestOptions = {},
  ): Promise<ApiResult<ResultOf<C>>> {
    const quiet = opts.inline === true;
    validate(call, payload, quiet);
    const method = opts.method ?? call.method;
    const own: Record<string, unknown> = isRecord(payload) ? payload : {};
    const { session, fields } = transport();
    let sentOrder: number | undefined;
    let url = base + call.path;
    let init: RequestInit;
    if (method === 'GET') {
      const query = new URLSearchParams(fields);
      for (const [key, value] of Object.entries(own)) {
        const text = queryValue(value);
        if (text !== null && !transportFieldNames.has(key)) query.append(key, text);
      }
      url += `?${query.toString()}`;
      init = { method: 'GET', headers: headers(session) };
    } else {
      init = jsonPost(session, { ...own, ...fields }, opts.bigPost);
    }
    if (opts.returnOrder) {
      sentOrder = (returnOrders.get(call.path) ?? 0) + 1;
      returnOrders.set(call.path, sentOrder);
      (init.headers as Record<string, string>)[WireHeaders.returnOrder] = String(sentOrder);
    }
    const envelope = await exchange(call.path, url, init, quiet);
    return settle<ResultOf<C>>(call.path, envelope, sentOrder, quiet);
  }

  async function download(
    fileId: string,
    opts: { method?: 'GET' | 'POST'; call?: CallDef; quiet?: boolean } = {},
  ): Promise<DownloadedFile> {
    const call = opts.call ?? DownloadFile;
    validate(call, { FileID: fileId }, false);
    const path = call.path;
    const { session, fields } = transport();
    if ((opts.method ?? 'GET') === 'GET') {
      const query = new URLSearchParams({ FileID: fileId, Token: fields.Token }).toString();
      return fetchFile(
        path,
        `${base}${path}?${query}`,
        { method: 'GET', headers: headers(session) },
        opts.quiet,
        fileId,
      );
    }
    return fetchFile(path, base + path, jsonPost(session, { FileID: fileId, ...fields }), opts.quiet, fileId);
  }

  async function downloadCall<C extends CallDef>(call: C, payload: PayloadOf<C>): Promise<DownloadedFile> {
    validate(call, payload, false);
    const { session, fields } = transport();
    const query = new URLSearchParams({ Token: fields.Token, Interface: fields.Interface });
    for (const [key, value] of Object.entries(payload as Record<string, unknown>)) {
      if (value !== undefined && value !== null) query.set(key, String(value));
    }
    return fetchFile(call.path, `${base}${call.path}?${query}`, { method: 'GET', headers: headers(session) });
  }

  /** One file answer: its bytes and name, or the server's sentence shown and thrown. */
  function fetchFile(
    path: string,
    url: string,
    init: RequestInit,
    quiet = false,
    fallbackName = path,
  ): Promise<DownloadedFile> {
    return withLoading(async () => {
      const response = await fetchResponse(path, url, init, false);
      // A file call's refusal is JSON with a message and a failing status (spec 000 §8).
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        const message = downloadErrorMessage(text);
        ui.showError(message);
        log('[api]', path, response.status, message);
        throw new ApiError('http', message, response.status);
      }
      let blob: Blob;
      try {
        blob = await response.blob();
      } catch (cause) {
        throw networkFailure(path, cause, false);
      }
      const fileName =
        fileNameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
      if (!quiet) ui.showSuccess(`File "${fileName}" downloaded successfully!`);
      return { blob, fileName };
    });
  }

  async function upload(
    files: readonly (File | Blob)[],
    extra: Record<string, string> = {},
  ): Promise<StoredFile[]> {
    const path = UploadFiles.path;
    const { session, fields } = transport();
    const form = new FormData();
    // Fields before files, so a streaming multipart parser has them when the files arrive.
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const [key, value] of Object.entries(extra)) {
      if (!transportFieldNames.has(key)) form.append(key, value);
    }
    for (const file of files) form.append('files', file);
    const envelope = await exchange(
      path,
      base + path,
      { method: 'POST', headers: headers(session), body: form },
      false,
    );
    const { data } = await settle<StoredFile[] | null>(path, envelope, undefined, false);
    return data ?? [];
  }

  async function sendQueuedPosts(
    posts: readonly QueuedPost[],
    postQueueEmpty: boolean,
  ): Promise<{ appliedPostIds: string[] }> {
    const [first] = posts;
    if (!first) return { appliedPostIds: [] };
    const { session, fields } = transport();

    if (posts.length === 1) {
      const body = { ...first.body, ...fields, PostQueueEmpty: postQueueEmpty, PostID: first.postId };
      const envelope = await exchange(first.path, base + first.path, jsonPost(session, body), true);
      const refusal = refusalOf(envelope);
      if (refusal) {
        throw new PostFailure(refusal.message, [], { kind: refusal.kind, failedPostId: first.postId });
      }
      return { appliedPostIds: [first.postId] };
    }

    const items: QueuedPostItem[] = posts.map((post, index) => ({
      Path: post.path,
      Body: {
        ...post.body,
        PostID: post.postId,
        PostQueueEmpty: postQueueEmpty && index === posts.length - 1,
      },
    }));
    const CompressedPosts = await gzipBase64Chunks(JSON.stringify(items));
    validate(PostQueueBatch, { CompressedPosts }, true);
    const path = PostQueueBatch.path;
    const body = { CompressedPosts, PostQueueEmpty: postQueueEmpty, ...fields };
    const envelope = await exchange(path, base + path, jsonPost(session, body), true);
    const refusal = refusalOf(envelope);
    if (refusal) throw new PostFailure(refusal.message, [], { kind: refusal.kind });

    let decoded: unknown;
    try {
      decoded = await decodeResultJSON(envelope);
    } catch {
      decoded = undefined;
    }
    const results = PostQueueBatch.result.safeParse(decoded);
    if (!results.success) {
      const message = `The server answered ${path} with a result that cannot be read`;
      log('[api]', path, message);
      throw new ApiError('http', message);
    }
    const appliedPostIds: string[] = [];
    for (const [index, result] of results.data.entries()) {
      const postId = result.PostID ?? posts[index]?.postId;
      if (result.Status === 'applied' && postId !== undefined) appliedPostIds.push(postId);
    }
    const failedIndex = results.data.findIndex((r) => r.Status === 'failed');
    const notAppliedIndex =
      failedIndex >= 0 ? failedIndex : results.data.findIndex((r) => r.Status !== 'applied');
    const failed = results.data[notAppliedIndex];
    if (failed) {
      const refused = refusalOf(failed.Envelope);
      const message = refused?.message ?? `The queued post to ${failed.Path} was ${failed.Status}`;
      throw new PostFailure(message, appliedPostIds, {
        kind: refused?.kind ?? 'error',
        failedPostId: failed.PostID ?? posts[notAppliedIndex]?.postId ?? null,
      });
    }
    if (appliedPostIds.length < posts.length) {
      const missing = posts.find((post) => !appliedPostIds.includes(post.postId));
      throw new PostFailure('The server did not apply every queued post', appliedPostIds, {
        failedPostId: missing?.postId ?? null,
      });
    }
    return { appliedPostIds };
  }

  function photoUrl(employeeId: number): string {
    const { fields } = transport();
    const query = new URLSearchParams({ photo: `${employeeId}.bmp`, ...fields });
    return `${base}${GetEmployeePhoto.path}?${query.toString()}`;
  }

  function queuedPostBody<C extends CallDef>(
    call: C,
    payload: PayloadOf<C>,
  ): { path: string; body: Record<string, unknown> } {
    validate(call, payload, false);
    return { path: call.path, body: isRecord(payload) ? { ...payload } : {} };
  }

  return {
    loading,
    request,
    get: async (call, payload, opts) =>
      (await request(call, payload, { returnOrder: opts?.returnOrder, inline: opts?.inline, method: 'GET' }))
        .data,
    post: async (call, payload, opts) =>
      (await request(call, payload, { method: 'POST', inline: opts?.inline })).data,
    bigPost: async (call, payload) => (await request(call, payload, { method: 'POST', bigPost: true })).data,
    upload,
    download,
    downloadCall,
    sendQueuedPosts,
    photoUrl,
    queuedPostBody,
  };
}
