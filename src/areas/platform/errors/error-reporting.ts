import { ReportClientError } from '../../../../domain/platform/reference';
import { type ApiClient, ApiError } from '../../../api';

/**
 * Runtime error reporting (spec 000 §8): errors nobody caught go to our own server
 * (web/ReportClientError) with the user's name, employee id, plant and browser. The server takes name,
 * employee id and plant from the session when one comes with the report.
 *
 * Install once at start-up; React error boundaries hand what they catch to `reportError`.
 */

/** The part of the logged-in user a report carries. */
export interface ReportingUser {
  Name: string;
  EmployeeID: number;
  PlantID: number;
}

export interface ErrorReportingOptions {
  /** Best a quiet client (no alerts, no loading bar): a failed report must never bother the user. */
  api: Pick<ApiClient, 'post'>;
  getUser(): ReportingUser | null;
  /** Where 'error' and 'unhandledrejection' are heard; default `window`. */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Default: `location.href` at the time of the error. */
  getUrl?: () => string;
  /** Default: `navigator.userAgent`. */
  browser?: string;
  /** The same error again within this many ms is not sent again; default 30 000. */
  dedupeWindowMs?: number;
  /** At most this many reports a minute, whatever they are; default 10. */
  maxPerMinute?: number;
  /** Default `Date.now` (fake timers move it in tests). */
  now?: () => number;
}

export interface ErrorReporter {
  /** Sends one error unless it repeats a recent one or the rate cap is reached; true when sent. */
  report(error: unknown): boolean;
  /** Removes the listeners (tests, hot reload). */
  uninstall(): void;
}

/** The limits of web/ReportClientError's payload: longer text is cut, never refused. */
const MAX = { name: 200, browser: 1000, message: 10_000, stack: 200_000, url: 4000 } as const;
const MINUTE = 60_000;

/** Browser noise that is no fault of the app (a layout settling over two frames). */
const IGNORED = [/\bResizeObserver loop\b/i];

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** An uncaught value as message and stack: Errors (of any realm), text, or anything else as JSON. */
export function describeError(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const e = error as { name?: unknown; message?: unknown; stack?: unknown };
    const name = typeof e.name === 'string' && e.name ? e.name : 'Error';
    const text = typeof e.message === 'string' ? e.message : String(e.message);
    return {
      message: text ? `${name}: ${text}` : name,
      stack: typeof e.stack === 'string' && e.stack ? e.stack : null,
    };
  }
  if (typeof error === 'string') return { message: error || 'Unknown error', stack: null };
  let text: string;
  try {
    text = JSON.stringify(error) ?? String(error);
  } catch {
    text = String(error);
  }
  return { message: text || 'Unknown error', stack: null };
}

let active: ErrorReporter | null = null;

/**
 * Hooks window 'error' and 'unhandledrejection' and reports what they carry. Identical errors (same
 * message, stack and page) within `dedupeWindowMs` are sent once, and at most `maxPerMinute` reports
 * leave a minute, so a render loop cannot flood the server. Refusals of API calls (ApiError) are not
 * reported: the request layer has shown and logged them already.
 */
export function installErrorReporting(opts: ErrorReportingOptions): ErrorReporter {
  const target = opts.target ?? window;
  const now = opts.now ?? (() => Date.now());
  const dedupeWindowMs = opts.dedupeWindowMs ?? 30_000;
  const maxPerMinute = opts.maxPerMinute ?? 10;
  const getUrl = opts.getUrl ?? (() => globalThis.location?.href ?? '');
  const browser = opts.browser ?? globalThis.navigator?.userAgent ?? 'unknown';

  const lastSent = new Map<string, number>();
  let sentAt: number[] = [];
  let dropped = 0;

  function report(error: unknown, prefix = ''): boolean {
    if (error instanceof ApiError) return false;
    const { message: described, stack } = describeError(error);
    const message = prefix + described;
    if (IGNORED.some((re) => re.test(described))) return false;
    const url = getUrl();
    const t = now();
    const key = `${message}\n${stack ?? ''}\n${url}`;
    const last = lastSent.get(key);
    if (last !== undefined && t - last < dedupeWindowMs) return false;
    sentAt = sentAt.filter((s) => t - s < MINUTE);
    if (sentAt.length >= maxPerMinute) {
      if (dropped++ === 0)
        console.warn('[errors] too many errors this minute; further ones are not reported');
      return false;
    }
    dropped = 0;
    sentAt.push(t);
    lastSent.set(key, t);
    for (const [k, at] of lastSent) if (t - at >= dedupeWindowMs) lastSent.delete(k);

    let user: ReportingUser | null = null;
    try {
      user = opts.getUser();
    } catch {
      // Report without a user rather than not at all.
    }
    opts.api
      .post(ReportClientError, {
        Name: user ? cut(user.Name, MAX.name) : null,
        EmployeeID: user?.EmployeeID ?? null,
        PlantID: user?.PlantID ?? null,
        Browser: cut(browser, MAX.browser),
        Message: cut(message, MAX.message),
        Stack: stack === null ? null : cut(stack, MAX.stack),
        URL: cut(url, MAX.url),
      })
      // A report that could not be sent (offline, Silent for a repeat) is dropped: reporting never loops.
      .catch(() => undefined);
    return true;
  }

  const onError = (event: Event) => {
    const e = event as ErrorEvent;
    if (e.error !== undefined && e.error !== null) {
      report(e.error);
    } else {
      // A script of another origin, or an error without an object: only the text and place are known.
      const where = e.filename ? `\n    at ${e.filename}:${e.lineno ?? 0}:${e.colno ?? 0}` : '';
      report({
        name: 'Error',
        message: e.message || 'Script error',
        stack: where ? `${e.message}${where}` : '',
      });
    }
  };
  const onRejection = (event: Event) => {
    report((event as PromiseRejectionEvent).reason, 'Unhandled promise rejection: ');
  };

  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);

  const reporter: ErrorReporter = {
    report: (error) => report(error),
    uninstall() {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
      if (active === reporter) active = null;
    },
  };
  active?.uninstall();
  active = reporter;
  return reporter;
}

/**
 * Reports an error a React error boundary (or any catch) handled: the installed reporter sends it with
 * the same de-duplication and rate cap. Before `installErrorReporting` it only logs.
 */
export function reportError(error: unknown): void {
  if (active) active.report(error);
  else console.error('[errors] not reported (error reporting is not installed)', error);
}
