import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportClientError } from '../../../../domain/platform/reference';
import { ApiError } from '../../../api';
import { describeError, installErrorReporting, reportError } from './error-reporting';

/** A stand-in for window: an EventTarget we can dispatch 'error' and 'unhandledrejection' on. */
function fakeWindow() {
  const target = new EventTarget();
  return {
    target,
    error(error: unknown, message = 'boom') {
      const e = new Event('error') as Event & Record<string, unknown>;
      Object.assign(e, { error, message, filename: 'https://app/main.js', lineno: 3, colno: 9 });
      target.dispatchEvent(e);
    },
    rejection(reason: unknown) {
      const e = new Event('unhandledrejection') as Event & Record<string, unknown>;
      Object.assign(e, { reason });
      target.dispatchEvent(e);
    },
  };
}

function setup(opts: { user?: { Name: string; EmployeeID: number; PlantID: number } | null } = {}) {
  const posts: Array<Record<string, unknown>> = [];
  const api = {
    post: vi.fn(async (call: unknown, payload: Record<string, unknown>) => {
      expect(call).toBe(ReportClientError);
      // The payload must pass the call's own schema (the real client validates before sending).
      ReportClientError.payload.parse(payload);
      posts.push(payload);
      return null;
    }),
  };
  const win = fakeWindow();
  const reporter = installErrorReporting({
    api: api as never,
    getUser: () =>
      opts.user === undefined ? { Name: 'Sam Ortiz', EmployeeID: 1003, PlantID: 2 } : opts.user,
    target: win.target,
    getUrl: () => 'https://app.example/scheduling/plant',
    browser: 'Mozilla/5.0 Test',
  });
  return { posts, api, win, reporter };
}

let uninstall: (() => void) | null = null;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T08:00:00Z'));
});
afterEach(() => {
  uninstall?.();
  uninstall = null;
  vi.useRealTimers();
});

describe('installErrorReporting', () => {
  it("sends an uncaught error with the user's name, employee id, plant, browser, message, stack and page", () => {
    const { posts, win, reporter } = setup();
    uninstall = reporter.uninstall;
    const error = new TypeError('plan is undefined');
    win.error(error);
    expect(posts).toEqual([
      {
        Name: 'Sam Ortiz',
        EmployeeID: 1003,
        PlantID: 2,
        Browser: 'Mozilla/5.0 Test',
        Message: 'TypeError: plan is undefined',
        Stack: error.stack,
        URL: 'https://app.example/scheduling/plant',
      },
    ]);
  });

  it('sends unhandled rejections, and errors without an object (another origin) with their place', () => {
    const { posts, win, reporter } = setup({ user: null });
    uninstall = reporter.uninstall;
    win.rejection('socket closed');
    win.error(null, 'Script error.');
    expect(posts.map((p) => [p.Message, p.Stack, p.Name, p.EmployeeID])).toEqual([
      ['Unhandled promise rejection: socket closed', null, null, null],
      ['Error: Script error.', 'Script error.\n    at https://app/main.js:3:9', null, null],
    ]);
  });

  it('sends an identical error once within the window, and again after it', () => {
    const { posts, win, reporter } = setup();
    uninstall = reporter.uninstall;
    const error = new Error('render loop');
    for (let i = 0; i < 50; i++) win.error(error);
    expect(posts).toHaveLength(1);
    vi.advanceTimersByTime(29_999);
    win.error(error);
    expect(posts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    win.error(error);
    expect(posts).toHaveLength(2);
    // A different error is not a repeat.
    win.error(new Error('another'));
    expect(posts).toHaveLength(3);
  });

  it('sends at most 10 reports a minute, however different they are, then sends again', () => {
    const { posts, win, reporter } = setup();
    uninstall = reporter.uninstall;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let i = 0; i < 25; i++) {
      win.error(new Error(`error ${i}`));
      vi.advanceTimersByTime(1000);
    }
    expect(posts.map((p) => p.Message)).toEqual(Array.from({ length: 10 }, (_, i) => `Error: error ${i}`));
    expect(warn).toHaveBeenCalledTimes(1);
    // 25 s have passed; the first report leaves the one-minute window at 60 s.
    vi.advanceTimersByTime(35_000);
    win.error(new Error('later'));
    expect(posts.at(-1)?.Message).toBe('Error: later');
    expect(posts).toHaveLength(11);
    warn.mockRestore();
  });

  it('does not report refusals of the request layer, or ResizeObserver noise', () => {
    const { posts, win, reporter } = setup();
    uninstall = reporter.uninstall;
    win.rejection(new ApiError('error', 'Title must not be empty'));
    win.error(new Error('ResizeObserver loop completed with undelivered notifications.'), 'x');
    // How browsers actually raise it: an ErrorEvent without an error object.
    win.error(null, 'ResizeObserver loop completed with undelivered notifications.');
    win.error({ name: 'ResizeObserver', message: 'x' }, 'ResizeObserver loop limit exceeded');
    expect(posts.map((p) => p.Message)).toEqual(['ResizeObserver: x']);
  });

  it('cuts over-long text to what the call takes, and a failing send never throws or loops', async () => {
    const { posts, api, win, reporter } = setup();
    uninstall = reporter.uninstall;
    win.error(new Error('m'.repeat(20_000)));
    expect((posts[0]!.Message as string).length).toBe(10_000);
    api.post.mockRejectedValueOnce(new Error('offline'));
    win.error(new Error('while offline'));
    await vi.runAllTimersAsync();
    expect(api.post).toHaveBeenCalledTimes(2);
  });

  it('reportError hands a caught error to the installed reporter; uninstall stops listening', () => {
    const { posts, win, reporter } = setup();
    reportError(new RangeError('from an error boundary'));
    expect(posts.map((p) => p.Message)).toEqual(['RangeError: from an error boundary']);
    reporter.uninstall();
    win.error(new Error('after uninstall'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportError(new Error('not installed'));
    expect(posts).toHaveLength(1);
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});

describe('describeError', () => {
  it('reads Errors, error-like objects, text and anything else', () => {
    expect(describeError(new SyntaxError('bad'))).toMatchObject({ message: 'SyntaxError: bad' });
    expect(describeError({ message: 'plain object' })).toEqual({
      message: 'Error: plain object',
      stack: null,
    });
    expect(describeError('text')).toEqual({ message: 'text', stack: null });
    expect(describeError({ code: 5 })).toEqual({ message: '{"code":5}', stack: null });
    expect(describeError(undefined)).toEqual({ message: 'undefined', stack: null });
    expect(describeError('')).toEqual({ message: 'Unknown error', stack: null });
  });
});
